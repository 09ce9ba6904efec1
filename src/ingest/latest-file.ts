/**
 * Sources whose file name changes with each release: the refresh keeps the newest it found under a
 * fixed name, with the address it came from written beside it (`<file>.url`, as ../shared/data keeps
 * the UN Tourism topic workbooks). A connector reads that file when it is there, else the pinned
 * vintage of the sources folder.
 */
import { readSourceText, sourceExists } from './source-reads';

export function fileToRead(sourcesDir: string, latest: string, pinned: string): string {
  return sourceExists(sourcesDir, latest) ? latest : pinned;
}

/** The address written beside a file, or null when none is. */
export function addressBeside(sourcesDir: string, file: string): string | null {
  try {
    if (!sourceExists(sourcesDir, `${file}.url`)) return null;
    const text = readSourceText(sourcesDir, `${file}.url`).trim();
    return /^https?:\/\/\S+$/.test(text) ? text : null;
  } catch {
    return null;
  }
}
