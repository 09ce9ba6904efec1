/**
 * Sources whose file name changes with each release: the refresh keeps the newest it found under a
 * fixed name, with the address it came from written beside it (`<file>.url`, as ../shared/data keeps
 * the UN Tourism topic workbooks). A connector reads that file when it is there, else the pinned
 * vintage of the sources folder.
 */
import fs from 'node:fs';
import path from 'node:path';

export function fileToRead(sourcesDir: string, latest: string, pinned: string): string {
  return fs.existsSync(path.join(sourcesDir, latest)) ? latest : pinned;
}

/** The address written beside a file, or null when none is. */
export function addressBeside(sourcesDir: string, file: string): string | null {
  try {
    const text = fs.readFileSync(path.join(sourcesDir, `${file}.url`), 'utf8').trim();
    return /^https?:\/\/\S+$/.test(text) ? text : null;
  } catch {
    return null;
  }
}
