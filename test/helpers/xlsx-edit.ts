/** A publisher's workbook with one of its zip entries edited, for tests of changed or damaged layouts. */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

export function editXlsxEntry(data: Uint8Array, entry: string, change: (xml: string) => string): Buffer {
  const files = unzipSync(data);
  if (!files[entry]) throw new Error(`no entry ${entry} in the workbook`);
  const before = strFromU8(files[entry]);
  const after = change(before);
  if (after === before) throw new Error(`the edit left ${entry} as it was`);
  files[entry] = strToU8(after);
  return Buffer.from(zipSync(files));
}
