/**
 * A file written whole or not at all: the bytes go to a temporary name beside it, then a rename puts
 * them in place, so a reader (another process, a crash halfway) sees the old file or the new one.
 */
import fs from 'node:fs';
import path from 'node:path';

/** `mode` (e.g. 0o600 for a file holding secrets) is set on the new file whatever the umask or an earlier file had. */
export function writeFileAtomically(file: string, data: string | Uint8Array, mode?: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data, mode === undefined ? undefined : { mode });
  if (mode !== undefined) fs.chmodSync(tmp, mode);
  fs.renameSync(tmp, file);
}
