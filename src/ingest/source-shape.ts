/**
 * Checks a publisher file's shape before any connector parses it, so a truncated or damaged
 * download is rejected with the file, the line and what was expected, instead of failing deep in a
 * parser or, worse, yielding a release with part of a table missing.
 *   - .xlsx: a complete zip (end-of-central-directory record present, every entry inside the file,
 *     inflating to its declared size and checksum), holding the sheets the connector reads, with
 *     the column names or labels (a report's table title and headings) where it reads by them;
 *   - old .xls: a compound file whose every sector and stream is present;
 *   - CSV/TSV: the expected header (a different one, the publisher's format changing, is named by
 *     its first differing cell), then every record with the header's number of cells (this finds a
 *     cut last line even in files that end without a newline), and where the publisher always ends
 *     the file with a newline, that newline;
 *   - JSON (an API's answer): complete JSON, holding the keys the connector reads with values of
 *     the kind it reads, a missing or changed one named by its path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { compoundFileProblem } from './workbook/cfb';
import { columnLetters } from './workbook/columns';
import { zipProblem } from './workbook/zip';
import { MAX_CELLS_PER_RECORD, MAX_LINE_BYTES, overfullRecord, overlongLine } from './limits';
import { cellAddress, readXlsx, xlsxSheetNames } from './workbook/xlsx';
import { checkedOnce } from './parse-cache';
import { announceRead } from './source-reads';

/** utf16-or-latin1: UTF-16 when the bytes say so (a byte-order mark, or every other byte zero), else Latin-1. */
export type TextEncoding = 'utf8' | 'latin1' | 'utf16-or-latin1';

export type SourceShape =
  | {
      kind: 'xlsx';
      /** Sheets the connector reads, which the workbook must hold. */
      sheets?: readonly string[];
      /** A sheet whose first row must start with these cells (a long-format table's column names). */
      header?: { sheet: string; cells: readonly string[] };
      /** Cells (A1 references) of a sheet laid out as a report that must hold these labels: a table's title and headings. */
      labels?: { sheet: string; cells: Readonly<Record<string, string>> };
    }
  | { kind: 'xls' }
  | {
      kind: 'delimited';
      delimiter: ',' | '\t' | ';';
      /**
       * What the header record starts with (its cells joined by the delimiter), or the layouts the
       * connector reads, any of which will do; absent when the file has no header.
       */
      header?: string | readonly string[];
      /**
       * The cells the header record ends with, when what comes between is the table's own (StatCan's
       * full-table CSV: one column per dimension of the table between its fixed leading and trailing columns).
       */
      headerEndsWith?: readonly string[];
      /** Lines before the header (the World Bank's wide downloads have 4). */
      preambleLines?: number;
      /** The publisher always ends the file with a newline, so a missing one means a cut file. */
      endsWithNewline?: boolean;
      /**
       * A line that ends the table: what follows (notes, footnotes, a citation) is free text the
       * connector does not read, and the file must hold that line, or it was cut inside the table.
       */
      tableEndsBefore?: RegExp;
      /** The publisher never quotes a cell (large daily or long-format files): records are split by line, which is quicker. */
      unquoted?: boolean;
      encoding?: TextEncoding;
    }
  | {
      kind: 'json';
      /**
       * Keys the connector reads, as paths from the top (`Data.row[].columns[].key`: `[]` stands for
       * every element of an array), each with the kind of value it must hold.
       */
      keys: Readonly<Record<string, JsonKind>>;
    };

/** What a JSON key's value must be; 'scalar' is a string or a number. */
export type JsonKind = 'object' | 'array' | 'string' | 'scalar';

/**
 * A problem found in one file; `line` where it applies (1-based, counting every line of the file),
 * `cell` where one is named (A1), `key` where a JSON key is (its path, `Data.row[3].columns`).
 */
export interface ShapeProblem {
  file: string;
  line?: number;
  cell?: string;
  key?: string;
  /** What the file holds: the kind of problem, never the file's bytes (callers of /v1/status read it). */
  message: string;
  /** The publisher's text the problem is about (a header cell, a parser's words quoting the file): for the log only. */
  found?: string;
}

/** The problem as callers are told it: the file, where in it, and the kind of problem. */
export function describeProblem(p: ShapeProblem): string {
  const where = p.key ? ` key ${p.key}` : p.cell ? ` cell ${p.cell}` : p.line ? ` line ${p.line}` : '';
  return `${p.file}${where}: ${p.message}`;
}

/** The problem as the log tells it: with the publisher's text it is about, quoted as JSON (no control characters reach the log). */
export function describeProblemForLog(p: ShapeProblem): string {
  return p.found === undefined ? describeProblem(p) : `${describeProblem(p)} (found ${JSON.stringify(p.found.slice(0, 200))})`;
}

/** How a error names a cell's text without quoting it: the text itself goes to `found`, for the log. */
const shownCell = (text: string | undefined) => (text === undefined ? 'nothing' : 'other text');

export function decodeText(data: Buffer, encoding: TextEncoding = 'utf8'): string {
  if (encoding !== 'utf16-or-latin1') return data.toString(encoding);
  const utf16 = (data[0] === 0xff && data[1] === 0xfe) || (data.length > 3 && data[0] !== 0 && data[1] === 0 && data[3] === 0);
  return utf16 ? data.toString('utf16le').replace(/^\uFEFF/, '') : data.toString('latin1');
}

export { columnLetters };

/**
 * Why a header is not the one expected, naming its first differing cell: the expected layout
 * closest to what was found (the one agreeing on the most leading cells) is the one compared.
 */
function headerMismatch(found: string[], expected: readonly string[], delimiter: string, line: number): Omit<ShapeProblem, 'file'> {
  // "Date,USD," names whole cells; "Visitor Arrivals by Nationality" is how the first cell starts.
  const layouts = expected.map((e) => ({ cells: e.split(delimiter).slice(0, e.endsWith(delimiter) ? -1 : undefined), prefixLast: !e.endsWith(delimiter) }));
  const agreeing = ({ cells, prefixLast }: (typeof layouts)[number]) => {
    let n = 0;
    while (n < cells.length && (prefixLast && n === cells.length - 1 ? (found[n] ?? '').startsWith(cells[n]) : found[n] === cells[n])) n++;
    return n;
  };
  const closest = layouts.reduce((best, l) => (agreeing(l) > agreeing(best) ? l : best));
  const at = agreeing(closest);
  const layout = expected.length > 1 ? ` (${expected.length} layouts are read; the closest is compared)` : '';
  return {
    line,
    cell: `${columnLetters(at)}${line}`,
    message: `header cell expected "${closest.cells[at]}", found ${shownCell(found[at])}: not the publisher's layout the connector reads${layout}`,
    found: found[at],
  };
}

/** Why a header does not end with the cells expected, naming the first that differs. */
function headerTailMismatch(found: string[], tail: readonly string[], line: number): Omit<ShapeProblem, 'file'> | null {
  const start = found.length - tail.length;
  const at = tail.findIndex((name, i) => found[start + i] !== name);
  if (at < 0) return null;
  const col = Math.max(0, start + at);
  const text = start + at < 0 ? undefined : found[start + at];
  return {
    line,
    cell: `${columnLetters(col)}${line}`,
    message: `header cell expected "${tail[at]}" (the header ends ${tail.join(',')}), found ${shownCell(text)}: not the publisher's layout the connector reads`,
    found: text,
  };
}

/** What is wrong with a zip archive (see workbook/zip.ts): damaged, truncated, or past the inflation bounds. */
export { zipProblem } from './workbook/zip';

type DelimitedShape = Extract<SourceShape, { kind: 'delimited' }>;

/**
 * Records of a delimited text with the line each ends on. CSV goes through csv-parse (quoted
 * cells may hold commas and newlines); Eurostat and IMF TSV and the unquoted CSVs never quote, so a
 * line split suffices.
 */
function recordsOf(text: string, shape: DelimitedShape): { cells: number; line: number; head: string[] }[] {
  const from = (shape.preambleLines ?? 0) + 1;
  if (shape.delimiter === '\t' || shape.unquoted) {
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    let first = true;
    return lines.slice(from - 1).flatMap((l, i) => {
      const line = l.replace(/\r$/, '');
      if (line === '') return [];
      const cells = line.split(shape.delimiter);
      const head = first ? cells : [];
      first = false;
      return [{ cells: cells.length, line: i + from, head }];
    });
  }
  const records: { cells: number; line: number; head: string[] }[] = [];
  parse(text, {
    delimiter: shape.delimiter,
    from_line: from,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_LINE_BYTES,
    on_record: (record: string[], { lines }) => {
      records.push({ cells: record.length, line: lines, head: records.length === 0 ? record : [] });
      return null;
    },
  });
  return records;
}

/** Problems of a CSV/TSV text: header, cell counts per record, final newline. */
export function delimitedProblem(text: string, shape: DelimitedShape): Omit<ShapeProblem, 'file'> | null {
  // Bounded first, so neither a split nor csv-parse is handed a giant line or record.
  const long = overlongLine(text);
  if (long) return { line: long.line, message: `the line is ${long.length} bytes long, over the bound of ${MAX_LINE_BYTES}` };
  const full = overfullRecord(text, shape.delimiter, !(shape.delimiter === '\t' || shape.unquoted));
  if (full) return { line: full.line, message: `a record holds more than ${MAX_CELLS_PER_RECORD} cells, over the bound` };
  let body = text.replace(/^\uFEFF/, '');
  if (shape.tableEndsBefore) {
    const lines = body.split('\n');
    const end = lines.findIndex((l) => shape.tableEndsBefore?.test(l.replace(/\r$/, '')));
    if (end < 0) return { line: lines.length, message: `the line ending the table (${shape.tableEndsBefore.source}) is missing (file truncated?)` };
    body = lines.slice(0, end).join('\n');
  }
  let records;
  try {
    records = recordsOf(body, shape);
  } catch (err) {
    const e = err as Error & { lines?: number; code?: string };
    const unclosed = /quote/i.test(e.message) && /not closed|finished/i.test(e.message);
    // csv-parse's words may quote the cell: the code names the kind, the words go to the log.
    return { line: e.lines, message: unclosed ? 'a quoted cell is not closed (file truncated?)' : `the CSV does not parse (${e.code ?? 'malformed'})`, found: e.message };
  }
  const [header, ...data] = records;
  if (!header) return { message: 'the file is empty' };
  const layouts = shape.header === undefined ? [] : typeof shape.header === 'string' ? [shape.header] : shape.header;
  const joined = header.head.join(shape.delimiter);
  if (layouts.length > 0 && !layouts.some((h) => joined.startsWith(h))) return headerMismatch(header.head, layouts, shape.delimiter, header.line);
  if (shape.headerEndsWith) {
    const tail = headerTailMismatch(header.head, shape.headerEndsWith, header.line);
    if (tail) return tail;
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

/** A sheet the connector reads that the workbook lacks (a renamed or dropped sheet: the publisher's format changed). */
function sheetsProblem(file: string, data: Buffer, sheets: readonly string[]): ShapeProblem | null {
  let names: string[];
  try {
    names = xlsxSheetNames(data);
  } catch (err) {
    return { file, message: (err as Error).message };
  }
  const missing = sheets.filter((s) => !names.includes(s));
  if (missing.length === 0) return null;
  const listed = names.map((n) => `"${n}"`).join(', ');
  return {
    file,
    message: `sheet ${missing.map((s) => `"${s}"`).join(', ')} not found: the workbook holds ${names.length} other sheets (not the publisher's layout the connector reads)`,
    found: listed,
  };
}

/** The first cell of a sheet's first row that is not the column name expected, named as Sheet!A1. */
export function sheetHeaderProblem(file: string, data: Buffer, header: { sheet: string; cells: readonly string[] }): ShapeProblem | null {
  const first = readXlsx(data, [header.sheet], { rows: 1 }).get(header.sheet)?.toRows()[0] ?? [];
  const at = header.cells.findIndex((name, i) => String(first[i] ?? '').trim() !== name);
  if (at < 0) return null;
  const found = first[at] === null || first[at] === undefined ? undefined : String(first[at]);
  return {
    file,
    cell: `${header.sheet}!${columnLetters(at)}1`,
    message: `header cell expected "${header.cells[at]}", found ${shownCell(found)}: not the publisher's layout the connector reads`,
    found,
  };
}

/** The first labelled cell that does not hold its label (a moved or retitled table), named as Sheet!A3. */
export function sheetLabelsProblem(file: string, data: Buffer, labels: { sheet: string; cells: Readonly<Record<string, string>> }): ShapeProblem | null {
  const wanted = Object.entries(labels.cells).map(([ref, text]) => {
    const at = cellAddress(ref);
    if (!at) throw new Error(`${ref} is not a cell reference`);
    return { ref, text, ...at };
  });
  const grid = readXlsx(data, [labels.sheet], { rows: Math.max(...wanted.map((w) => w.row + 1)) }).get(labels.sheet);
  for (const { ref, text, row, col } of wanted) {
    const found = grid?.cell(row, col) ?? null;
    if (String(found ?? '').trim() === text) continue;
    const shown = found === null ? undefined : String(found);
    return { file, cell: `${labels.sheet}!${ref}`, message: `cell expected "${text}", found ${shownCell(shown)}: not the publisher's layout the connector reads`, found: shown };
  }
  return null;
}

const KIND_WORDS: Record<JsonKind, string> = { object: 'an object', array: 'an array', string: 'a string', scalar: 'a string or a number' };

function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isKind(value: unknown, kind: JsonKind): boolean {
  switch (kind) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'scalar':
      return typeof value === 'string' || typeof value === 'number';
  }
}

/** The first place under `value` where `path` (segments, `row[]` for every element) is missing or of another kind. */
function jsonKeyProblem(value: unknown, path: readonly string[], kind: JsonKind, at: string): Omit<ShapeProblem, 'file'> | null {
  if (path.length === 0) {
    return isKind(value, kind) ? null : { key: at, message: `expected ${KIND_WORDS[kind]}, found ${kindOf(value)}: not the publisher's layout the connector reads` };
  }
  const [segment, ...rest] = path;
  const every = segment.endsWith('[]');
  const name = every ? segment.slice(0, -2) : segment;
  const here = at ? `${at}.${name}` : name;
  const child = isObject(value) ? value[name] : undefined;
  if (!every) return jsonKeyProblem(child, rest, kind, here);
  if (!Array.isArray(child)) return { key: here, message: `expected an array, found ${kindOf(child)}: not the publisher's layout the connector reads` };
  for (const [i, element] of child.entries()) {
    const problem = jsonKeyProblem(element, rest, kind, `${here}[${i}]`);
    if (problem) return problem;
  }
  return null;
}

/** Problems of a JSON text: whole, and holding each key the connector reads. */
export function jsonProblem(text: string, keys: Readonly<Record<string, JsonKind>>): Omit<ShapeProblem, 'file'> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    // JSON.parse's words quote the text around the fault: they go to the log.
    return { message: 'not complete JSON (file truncated?)', found: (err as Error).message };
  }
  for (const [path, kind] of Object.entries(keys)) {
    const problem = jsonKeyProblem(parsed, path.split('.'), kind, '');
    if (problem) return problem;
  }
  return null;
}

/** The problem of one file (path relative to sourcesDir), or null when its shape is sound. */
export function checkSourceFile(sourcesDir: string, file: string, shape: SourceShape, cacheDir: string | null = null): ShapeProblem | null {
  const full = path.join(sourcesDir, file);
  if (!fs.existsSync(full)) return { file, message: 'file missing' };
  announceRead(file);
  const data = fs.readFileSync(full);
  return checkedOnce(cacheDir, JSON.stringify(shape, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v)), data, () => {
    try {
      return shapeProblem(file, data, shape);
    } catch (err) {
      // A reader's bound passed (a sheet too large, a string too long) is the file's problem.
      return { file, message: (err as Error).message };
    }
  });
}

function shapeProblem(file: string, data: Buffer, shape: SourceShape): ShapeProblem | null {
  if (shape.kind === 'xlsx') {
    const message = zipProblem(data);
    if (message) return { file, message };
    const sheets = shape.sheets ? sheetsProblem(file, data, shape.sheets) : null;
    return sheets ?? (shape.header ? sheetHeaderProblem(file, data, shape.header) : null) ?? (shape.labels ? sheetLabelsProblem(file, data, shape.labels) : null);
  }
  if (shape.kind === 'xls') {
    const message = compoundFileProblem(data);
    return message ? { file, message: `not a complete .xls compound file: ${message}` } : null;
  }
  if (shape.kind === 'delimited') {
    // Measured in bytes before the text is decoded, so a giant line is rejected without a string of it.
    const long = overlongLine(data);
    if (long) return { file, line: long.line, message: `the line is ${long.length} bytes long, over the bound of ${MAX_LINE_BYTES}` };
  }
  const problem = shape.kind === 'json' ? jsonProblem(data.toString('utf8'), shape.keys) : delimitedProblem(decodeText(data, shape.encoding), shape);
  return problem ? { file, ...problem } : null;
}
