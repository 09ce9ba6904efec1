/**
 * The bounds a publisher's file is read within. Past one, the file is rejected with its name and
 * the bound it passed, before a reader builds anything of the size the file asks for. Each bound is
 * well above what the publishers' real files reach (the widest record, JNTO's 2017 table, has 36,585
 * cells on a line of 145 kB; the largest sheet, UN Tourism's arrivals by region, spans 440,000 cells).
 */

/** The longest line of a CSV or TSV file, in bytes. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** The most cells one record (a line, or a sheet row) may hold. */
export const MAX_CELLS_PER_RECORD = 200_000;

/** The most cells a sheet may span (rows × columns from its first to its last cell present). */
export const MAX_SHEET_CELLS = 10_000_000;

/** The longest text of one cell or shared string, in characters. */
export const MAX_STRING_CHARS = 1024 * 1024;

/** The most bytes read of a page that links a publisher's files. */
export const MAX_PAGE_BYTES = 8 * 1024 * 1024;

/** A file's bytes past a bound: the message names the bound; the caller names the file. */
export class LimitExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LimitExceeded';
  }
}

/**
 * The first line longer than `max` bytes (its 1-based number and length, or a lower bound on it),
 * found without splitting the text, so a file of one giant line costs a scan, not an array of it.
 */
export function overlongLine(data: Uint8Array | string, max = MAX_LINE_BYTES): { line: number; length: number } | null {
  // A string is scanned as it is (its length in characters), so a giant text is not copied to be measured.
  const text = typeof data === 'string' ? data : null;
  const bytes = text === null ? Buffer.from((data as Uint8Array).buffer, (data as Uint8Array).byteOffset, (data as Uint8Array).byteLength) : null;
  const size = text?.length ?? bytes!.length;
  let start = 0;
  for (let line = 1; start < size; line++) {
    const end = text !== null ? text.indexOf('\n', start) : bytes!.indexOf(0x0a, start);
    const stop = end < 0 ? size : end;
    if (stop - start > max) return { line, length: stop - start };
    start = stop + 1;
  }
  return null;
}

/** Rejects a text with a line over the bound, naming the line. */
export function checkLines(data: Uint8Array | string, max = MAX_LINE_BYTES): void {
  const long = overlongLine(data, max);
  if (long) throw new LimitExceeded(`line ${long.line} is ${long.length} bytes long, over the bound of ${max}`);
}

/**
 * The first record with more than `max` cells (its 1-based starting line and a count past the
 * bound), counted by a scan that honours quotes (a quoted cell may hold delimiters and newlines), so
 * no parser is asked to build the record first.
 */
export function overfullRecord(text: string, delimiter: string, quoted: boolean, max = MAX_CELLS_PER_RECORD): { line: number; cells: number } | null {
  const d = delimiter.charCodeAt(0);
  let cells = 1;
  let line = 1;
  let start = 1;
  let inQuote = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      line++;
      if (!inQuote) {
        cells = 1;
        start = line;
      }
    } else if (quoted && c === 0x22) inQuote = !inQuote;
    else if (c === d && !inQuote && ++cells > max) return { line: start, cells };
  }
  return null;
}
