/**
 * Generic reader of Eurostat bulk TSV (SDMX 2.1 dissemination API, `format=TSV`).
 *
 * Layout: one header line `dim1,dim2,…,geo\TIME_PERIOD<TAB>2019-08 <TAB>…`, then one line per
 * series whose first cell holds the comma-joined dimension codes and whose other cells are
 * `value␠flags` (`72418691 `, `51658 e`, `: @C`). Pure: text in, rows out.
 */
import type { AppliedDecision } from '../records';
import { resolvePlace } from './code-decisions';
import type { CountryResolver } from './country-resolver';
import type { ObsStatus, ParsedObservation, RejectedRow } from '../../domain/types';
import { parsePeriod } from '../../domain/periods';

/** One period cell; the same shape as an observation so series can reuse it without copying. */
export type EurostatCell = ParsedObservation;

export interface EurostatRow {
  /** Dimension name → code, e.g. {freq: 'M', c_resid: 'TOTAL', unit: 'NR', nace_r2: 'I551-I553', geo: 'ES'}. */
  dims: Record<string, string>;
  /** The raw first column, e.g. 'M,TOTAL,NR,I551-I553,ES'. */
  key: string;
  /** Parsed cells, ascending by period; unparsable cells are left out (and reported). */
  cells: EurostatCell[];
}

export interface EurostatTsvOptions {
  /** Table code used in rejected-row reports. */
  table: string;
  /** Decides from the dimensions alone whether a row is wanted, so unwanted rows cost no cell parsing. */
  keepRow?: (dims: Record<string, string>) => boolean;
}

export interface EurostatTsv {
  dimensions: string[];
  /** Header periods in file order, trimmed. */
  periods: string[];
  rows: EurostatRow[];
  rejected: RejectedRow[];
}

export type CellParse =
  | { ok: true; value: number | null; flags: string }
  | { ok: false; reason: string };

const MISSING = ':';
const NUMBER_RE = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** Flags are letters, plus '@' in this file generation's '@C'. */
const FLAGS_RE = /^[A-Za-z@]*$/;
const TIME_SUFFIX = '\\TIME_PERIOD';
const ROW_TEXT_MAX = 80;

/** Parse one `value␠flags` cell. `:` is a missing value; flags are retained raw. */
export function parseCell(raw: string): CellParse {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'empty cell' };
  const space = text.indexOf(' ');
  const valueText = space < 0 ? text : text.slice(0, space);
  const flags = space < 0 ? '' : text.slice(space + 1).trim();
  if (!FLAGS_RE.test(flags)) return { ok: false, reason: `unreadable flags "${flags}"` };
  if (valueText === MISSING) return { ok: true, value: null, flags };
  if (!NUMBER_RE.test(valueText)) return { ok: false, reason: `unparsable value "${valueText}"` };
  return { ok: true, value: Number(valueText), flags };
}

function isWithheldFlag(flags: string): boolean {
  // 'c' is Eurostat's confidential flag; this file generation writes it '@C'.
  return flags.includes('c') || flags.includes('@C');
}

/**
 * Map Eurostat flags to our status. 'u' (low reliability) and unknown letters leave a figure
 * 'published'; the raw flags travel with the observation anyway.
 */
export function statusOf(value: number | null, flags: string): ObsStatus {
  if (value === null) return isWithheldFlag(flags) ? 'withheld' : 'not_published';
  if (flags.includes('b')) return 'break';
  if (flags.includes('e')) return 'estimated';
  if (flags.includes('p')) return 'provisional';
  return 'published';
}

/** Split text into lines, tolerating CRLF (the nin2 extract has it despite its siblings' LF). */
function splitLines(text: string): string[] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].endsWith('\r')) lines[i] = lines[i].slice(0, -1);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function parseHeader(line: string): { dimensions: string[]; periods: string[] } {
  const cells = line.split('\t');
  const first = cells[0].replace(/^\uFEFF/, '');
  if (!first.endsWith(TIME_SUFFIX)) throw new Error(`not a Eurostat TSV header: "${first.slice(0, ROW_TEXT_MAX)}"`);
  const dimensions = first.slice(0, -TIME_SUFFIX.length).split(',');
  const periods = cells.slice(1).map((cell) => cell.trim());
  const bad = periods.find((period) => parsePeriod(period) === null);
  if (bad !== undefined) throw new Error(`unreadable period "${bad}" in Eurostat TSV header`);
  return { dimensions, periods };
}

/** Column indexes (into `periods`) in ascending period order; the files are ascending already. */
function ascendingOrder(periods: string[]): number[] {
  return periods.map((_, i) => i).sort((a, b) => (periods[a] < periods[b] ? -1 : periods[a] > periods[b] ? 1 : 0));
}

function rejectedRow(table: string, line: string, reason: string): RejectedRow {
  return { table, row: line.slice(0, ROW_TEXT_MAX), reason };
}

function dimsOf(dimensions: string[], codes: string[]): Record<string, string> {
  const dims: Record<string, string> = {};
  dimensions.forEach((name, i) => (dims[name] = codes[i].trim()));
  return dims;
}

export function parseEurostatTsv(text: string, opts: EurostatTsvOptions): EurostatTsv {
  const lines = splitLines(text);
  if (lines.length === 0) throw new Error(`${opts.table}: empty file`);
  const { dimensions, periods } = parseHeader(lines[0]);
  const order = ascendingOrder(periods);
  const rows: EurostatRow[] = [];
  const rejected: RejectedRow[] = [];

  for (let n = 1; n < lines.length; n++) {
    const line = lines[n];
    if (line.trim() === '') continue;
    const cells = line.split('\t');
    const key = cells[0];
    const codes = key.split(',');
    if (codes.length !== dimensions.length) {
      rejected.push(rejectedRow(opts.table, line, `${codes.length} dimension codes, header names ${dimensions.length}`));
      continue;
    }
    const dims = dimsOf(dimensions, codes);
    if (opts.keepRow && !opts.keepRow(dims)) continue;
    // A row with a missing or extra cell cannot be aligned with the periods safely.
    if (cells.length - 1 !== periods.length) {
      rejected.push(rejectedRow(opts.table, line, `${cells.length - 1} cells, header has ${periods.length} periods`));
      continue;
    }
    const parsed: EurostatCell[] = [];
    for (const i of order) {
      const cell = parseCell(cells[i + 1]);
      if (!cell.ok) {
        rejected.push(rejectedRow(opts.table, line, `${periods[i]}: ${cell.reason}`));
        continue;
      }
      parsed.push({ period: periods[i], value: cell.value, status: statusOf(cell.value, cell.flags), flags: cell.flags });
    }
    rows.push({ dims, key, cells: parsed });
  }
  return { dimensions, periods, rows, rejected };
}

/** A series starts at its first figure: leading ':' cells are only the table's column range. */
export function fromFirstFigure(cells: ParsedObservation[]): ParsedObservation[] {
  const first = cells.findIndex((cell) => cell.value !== null);
  return first < 0 ? [] : cells.slice(first);
}

// ---- geo codes ----------------------------------------------------------------------------

/** Eurostat writes Greece and the United Kingdom with non-ISO codes. */
const ISO_OF_EUROSTAT: Record<string, string> = { EL: 'GR', UK: 'GB' };

/** Eurostat country code → ISO 3166 alpha-2 (EL → GR, UK → GB; others unchanged). */
export function isoCountry(eurostatCode: string): string {
  return ISO_OF_EUROSTAT[eurostatCode] ?? eurostatCode;
}

/** EU27_2020, EU28, EA, EA20, EFTA …: groups of countries, never served as a country. */
export function isAggregateGeo(geo: string): boolean {
  return /^(EU|EA|EFTA)/.test(geo);
}

/** A country row (NUTS 0 position): two letters and not an aggregate such as 'EA' or 'EU'. */
export function countryOfGeo(geo: string): string | null {
  if (!/^[A-Z]{2}$/.test(geo) || isAggregateGeo(geo)) return null;
  return isoCountry(geo);
}

/** NUTS level of a regional code (ES5 → 1, ES51 → 2, ES511 → 3), or null when not a region. */
export function regionLevel(geo: string): number | null {
  if (!/^[A-Z]{2}[0-9A-Z]{1,3}$/.test(geo) || isAggregateGeo(geo)) return null;
  return geo.length - 2;
}

/** Why a two-letter geo code's country is not confirmed, or null when it is. */
export type GeoCheck = (countryGeo: string) => string | null;

/**
 * Checks each country geo code once: the ISO country it stands for (EL → GR, UK → GB) must carry its
 * geo.dic label, or a written decision (code-decisions.ts) must say what is followed; each decision
 * applied is recorded once under `table`.
 */
export function geoChecker(
  resolver: CountryResolver,
  geoLabels: Record<string, string>,
  table: string,
  decisions: AppliedDecision[],
): GeoCheck {
  const checked = new Map<string, string | null>();
  return (geo) => {
    let reason = checked.get(geo);
    if (reason === undefined) {
      const label = geoLabels[geo];
      if (!label) reason = `geo code ${geo} has no label in geo.dic`;
      else {
        const place = resolvePlace(resolver, 'Eurostat', geo, label, (code) => resolver.byIso2(isoCountry(code)));
        if (place.kind === 'decision') decisions.push({ table, row: `${geo} ${label}`, decision: place.decision });
        reason = place.kind === 'unresolved' ? place.reason : place.country ? null : `${geo} is decided not to be served`;
      }
      checked.set(geo, reason);
    }
    return reason;
  };
}
