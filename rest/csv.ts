/**
 * CSV output (RFC 4180, CRLF, UTF-8) with the flattening rules of DECISIONS.md. Every text cell
 * goes through safeCsvText: publisher text beginning like a formula is neutralised (numbers are not text).
 */
import { stringify } from 'csv-stringify/sync';
import { safeCsvText } from '../src/domain/csv-cell';
import type { ProvenanceColumns } from './provenance';

type Row = Record<string, unknown>;

function cell(v: unknown): unknown {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' && x !== null ? Object.values(x).join(' ') : String(x))).join(';');
  if (typeof v === 'object') return JSON.stringify(v);
  return v;
}

/** Flat rows: one line each, arrays joined with ';'. */
export function rowsToCsv(rows: Row[], columns?: string[]): string {
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return stringify(
    rows.map((r) => cols.map((c) => cell(r[c]))),
    { header: true, columns: cols, record_delimiter: '\r\n', cast: { boolean: (b) => (b ? 'true' : 'false'), string: safeCsvText } },
  );
}

export interface SeriesBlock {
  country: string;
  series: string | null;
  name?: string;
  unit: string;
  freq: string;
  /** status and flags only with status=true; source … rule only with provenance=true (rest/provenance.ts). */
  observations: ({ period: string; value: number | null; rate?: number; status?: string | null; flags?: string | null } & Partial<ProvenanceColumns>)[];
  note?: string;
}

/** Series data blocks: one row per observation; a country without a series gives one row with its note. */
export function seriesBlocksToCsv(blocks: SeriesBlock[]): string {
  const converted = blocks.some((b) => b.observations.some((o) => o.rate !== undefined));
  const withNote = blocks.some((b) => b.note);
  const withStatus = blocks.some((b) => b.observations.some((o) => o.status !== undefined));
  const withProvenance = blocks.some((b) => b.observations.some((o) => o.dated_by !== undefined));
  const cols = [
    'country', 'series', 'name', 'unit', 'freq', 'period', 'value',
    ...(converted ? ['rate'] : []),
    ...(withStatus ? ['status', 'flags'] : []),
    ...(withProvenance ? ['source', 'published', 'dated_by', 'kind', 'rule'] : []),
    ...(withNote ? ['note'] : []),
  ];
  const rows: Row[] = [];
  for (const b of blocks) {
    const base = { country: b.country, series: b.series, name: b.name, unit: b.unit, freq: b.freq, note: b.note };
    if (b.observations.length === 0) rows.push({ ...base, period: '', value: '' });
    for (const o of b.observations) rows.push({ ...o, ...base });
  }
  return rowsToCsv(rows, cols);
}
