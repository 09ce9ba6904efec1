/**
 * Checks a publisher file's shape before any connector parses it, so a truncated or damaged
 * download is refused with the file, the line and what was expected, instead of failing deep in a
 * parser or, worse, yielding a release with part of a table missing.
 *   - .xlsx: a complete zip (end-of-central-directory record present, every entry inside the file,
 *     inflating to its declared size and checksum);
 *   - old .xls: a compound file whose every sector and stream is present;
 *   - CSV/TSV: the expected header, then every record with the header's number of cells (this
 *     finds a cut last line even in files that end without a newline), and where the publisher
 *     always ends the file with a newline, that newline.
 */
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { inflateSync } from 'fflate';
import { compoundFileProblem } from './workbook/cfb';

export type SourceShape =
  | { kind: 'xlsx' }
  | { kind: 'xls' }
  | {
      kind: 'delimited';
      delimiter: ',' | '\t';
      /** What the header record starts with (its cells joined by the delimiter); absent when the file has no header. */
      header?: string;
      /** Lines before the header (the World Bank's wide downloads have 4). */
      preambleLines?: number;
      /** The publisher always ends the file with a newline, so a missing one means a cut file. */
      endsWithNewline?: boolean;
      encoding?: 'utf8' | 'latin1';
    };

/** A problem found in one file; `line` where it applies (1-based, counting every line of the file). */
export interface ShapeProblem {
  file: string;
  line?: number;
  message: string;
}

export function describeProblem(p: ShapeProblem): string {
  return `${p.file}${p.line ? ` line ${p.line}` : ''}: ${p.message}`;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record is 22 bytes plus a comment of up to 65535. */
const EOCD_SEARCH = 22 + 0xffff;

/** What is wrong with a zip archive, or null when every entry is present and inflates to its declared bytes. */
export function zipProblem(data: Uint8Array): string | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let eocd = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - EOCD_SEARCH); at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return 'not a complete zip archive: no end-of-central-directory record (file truncated?)';
  const entries = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryStart = view.getUint32(eocd + 16, true);
  if (directoryStart + directorySize > eocd) return `zip central directory (${directorySize} bytes at ${directoryStart}) runs past its end record`;
  let at = directoryStart;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return `zip central directory: entry ${i + 1} of ${entries} is missing`;
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const name = new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    at = next;
    if (local + 30 > directoryStart || view.getUint32(local, true) !== LOCAL_SIGNATURE) return `zip entry ${name}: local header missing`;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + packed > directoryStart) return `zip entry ${name}: ${packed} bytes declared, the file ends first (file truncated?)`;
    const body = data.subarray(start, start + packed);
    let content: Uint8Array;
    try {
      if (method === 0) content = body;
      else if (method === 8) content = inflateSync(body, { out: new Uint8Array(size) });
      else return `zip entry ${name}: unknown compression method ${method}`;
    } catch (err) {
      return `zip entry ${name} is damaged, it does not inflate: ${(err as Error).message}`;
    }
    if (content.length !== size) return `zip entry ${name} is damaged: ${size} bytes declared, ${content.length} inflated`;
    if (crc32(content) >>> 0 !== crc) return `zip entry ${name} is damaged: its checksum does not match`;
  }
  return null;
}

type DelimitedShape = Extract<SourceShape, { kind: 'delimited' }>;

/**
 * Records of a delimited text with the line each ends on. CSV goes through csv-parse (quoted
 * cells may hold commas and newlines); Eurostat and IMF TSV never quote, so a tab split suffices.
 */
function recordsOf(text: string, shape: DelimitedShape): { cells: number; line: number; head: string }[] {
  const from = (shape.preambleLines ?? 0) + 1;
  if (shape.delimiter === '\t') {
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    return lines.slice(from - 1).flatMap((l, i) => {
      const line = l.replace(/\r$/, '');
      return line === '' ? [] : [{ cells: line.split('\t').length, line: i + from, head: line }];
    });
  }
  const records: { cells: number; line: number; head: string }[] = [];
  parse(text, {
    delimiter: shape.delimiter,
    from_line: from,
    relax_column_count: true,
    skip_empty_lines: true,
    on_record: (record: string[], { lines }) => {
      records.push({ cells: record.length, line: lines, head: records.length === 0 ? record.join(',') : '' });
      return null;
    },
  });
  return records;
}

/** Problems of a CSV/TSV text: header, cell counts per record, final newline. */
export function delimitedProblem(text: string, shape: DelimitedShape): Omit<ShapeProblem, 'file'> | null {
  const body = text.replace(/^\uFEFF/, '');
  let records;
  try {
    records = recordsOf(body, shape);
  } catch (err) {
    const e = err as Error & { lines?: number };
    const unclosed = /quote/i.test(e.message) && /not closed|finished/i.test(e.message);
    return { line: e.lines, message: unclosed ? 'a quoted cell is not closed (file truncated?)' : e.message };
  }
  const [header, ...data] = records;
  if (!header) return { message: 'the file is empty' };
  if (shape.header !== undefined && !header.head.startsWith(shape.header)) {
    return { line: header.line, message: `header expected to start "${shape.header}", found "${header.head.slice(0, 60)}"` };
  }
  if (shape.header !== undefined && data.length === 0) return { line: header.line, message: 'no data rows after the header (file truncated?)' };
  for (const [i, r] of data.entries()) {
    if (r.cells !== header.cells) {
      const last = i === data.length - 1;
      return { line: r.line, message: `${header.cells} cells expected, ${r.cells} found${last ? ' (file truncated?)' : ''}` };
    }
  }
  if (shape.endsWithNewline && !body.endsWith('\n')) {
    return { line: records[records.length - 1].line, message: 'the last line does not end with a newline (file truncated?)' };
  }
  return null;
}

/** The problem of one file (path relative to sourcesDir), or null when its shape is sound. */
export function checkSourceFile(sourcesDir: string, file: string, shape: SourceShape): ShapeProblem | null {
  const full = path.join(sourcesDir, file);
  if (!fs.existsSync(full)) return { file, message: 'file missing' };
  const data = fs.readFileSync(full);
  if (shape.kind === 'xlsx') {
    const message = zipProblem(data);
    return message ? { file, message } : null;
  }
  if (shape.kind === 'xls') {
    const message = compoundFileProblem(data);
    return message ? { file, message: `not a complete .xls compound file: ${message}` } : null;
  }
  const problem = delimitedProblem(data.toString(shape.encoding ?? 'utf8'), shape);
  return problem ? { file, ...problem } : null;
}
