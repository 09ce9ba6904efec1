/** Where the tests find the publishers' files: ../shared/data beside the project root. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SOURCES_DIR = process.env.TOURISM_SOURCES ?? path.resolve(PROJECT_ROOT, '../shared/data');
/** What tests leave for people to look at (screenshots); gitignored. */
export const TEST_OUTPUT_DIR = path.resolve(PROJECT_ROOT, 'test-output');

/** Every file below `dir` (relative to the project root, as `dir/…`), leaving out folders with the names in `skip`. */
export function projectFiles(dir: string, skip: readonly string[] = []): string[] {
  return fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return skip.includes(e.name) ? [] : projectFiles(rel, skip);
    return [rel];
  });
}
