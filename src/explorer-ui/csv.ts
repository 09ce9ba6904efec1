/**
 * CSV as /v1 writes it (rest/csv.ts: RFC 4180, CRLF, a header row, empty cells for null, quotes only
 * where a cell holds a comma, a quote or a line break, text beginning like a formula neutralised),
 * so a download equals the REST answer.
 */
import { safeCsvText } from '../domain/csv-cell';

type Cell = string | number | boolean | null | undefined;

function cell(v: Cell): string {
  if (v === null || v === undefined) return '';
  const text = typeof v === 'boolean' ? (v ? 'true' : 'false') : typeof v === 'string' ? safeCsvText(v) : String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOfRows<R extends Record<string, Cell>>(columns: readonly (keyof R & string)[], rows: readonly R[]): string {
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].map((line) => `${line}\r\n`).join('');
}
