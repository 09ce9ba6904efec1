/** Where the tests find the publishers' files: ../shared/data beside the project root. */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SOURCES_DIR = process.env.TOURISM_SOURCES ?? path.resolve(PROJECT_ROOT, '../shared/data');
/** What tests leave for people to look at (screenshots); gitignored. */
export const TEST_OUTPUT_DIR = path.resolve(PROJECT_ROOT, 'test-output');
