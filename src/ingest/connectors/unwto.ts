/**
 * UN Tourism (UNWTO) Tourism Statistics Database, "all data download" workbooks: those of 25/01/2023
 * and 24/11/2023 in the sources folder and the newest the refresh found, each read as a release of its
 * own (unwto-releases.ts puts them together with the topic workbooks).
 * Reads six sheets: inbound arrivals, arrivals by region of origin, by purpose, inbound expenditure,
 * outbound departures and outbound expenditure. Values stay as published (thousands, US$ millions).
 *
 * Choices:
 * - Each (country, measure, breakdown) is retained once: the row the workbook lists first (sheet order,
 *   then row order) that has a figure wins; later ones go to `rejected` naming the retained row. In this
 *   workbook that only hits the "Total" rows of the Regions and Purpose sheets, which repeat the
 *   arrivals total, often under another series code (TF instead of VF).
 * - Outbound spend is told from inbound spend by breakdown {direction: outbound}; its travel and
 *   passenger-transport items use the dimension 'outbound-item' (one breakdown dimension per series).
 * - The series code (VF, TF, THS, TCE, IMF, CB...) with its legend text, and the footnotes a row or
 *   its section heading refers to, go into the English name.
 * - A country block is resolved by the UN M49 code in its column A, which the block's name must
 *   confirm; where they disagree or the code is retired, code-decisions.ts says what is followed
 *   (counted as decisions). A block with figures whose place stays unresolved is an ingest error.
 */
import type {
  Breakdown,
  Measure,
  ParsedObservation,
  ParsedSeries,
  RejectedRow,
  SourceTableInfo,
} from '../../domain/types';
import type { AppliedDecision, ConnectorOutput, CountryRef } from '../records';
import { addressBeside, fileToRead } from '../latest-file';
import { readSheets } from '../workbook';
import { resolvePlace } from './code-decisions';
import type { CountryResolver } from './country-resolver';
import { readSource, sourceExists } from '../source-reads';

/** The workbook of 25/01/2023 the sources folder holds. */
export const UNWTO_FILE = 'unwto/unwto-all-data-download_032023.xlsx';
const UNWTO_URL =
  'https://webunwto.s3.eu-west-1.amazonaws.com/s3fs-public/2023-03/unwto-all-data-download_032023.xlsx';
/** The workbook of 24/11/2023 (years to 2022). */
export const UNWTO_NOVEMBER_2023_FILE = 'unwto/unwto-all-data-download_112023.xlsx';
const UNWTO_NOVEMBER_2023_URL =
  'https://webunwto.s3.eu-west-1.amazonaws.com/s3fs-public/2023-11/unwto-all-data-download_112023.xlsx';
/** The newest "all data" workbook the refresh found on UN Tourism's page, with its address beside it. */
export const UNWTO_LATEST_FILE = 'unwto/all-data-latest.xlsx';

/** The newest workbook: the one fetched, else the pinned one of 25/01/2023. */
export function unwtoFile(sourcesDir: string): string {
  return fileToRead(sourcesDir, UNWTO_LATEST_FILE, UNWTO_FILE);
}

/** Every "all data" workbook read, with its address: both pinned releases, and the newest fetched when there is one. */
export function unwtoWorkbooks(sourcesDir: string): WorkbookOrigin[] {
  const pinned = [
    { file: UNWTO_FILE, url: UNWTO_URL },
    { file: UNWTO_NOVEMBER_2023_FILE, url: UNWTO_NOVEMBER_2023_URL },
  ];
  if (!sourceExists(sourcesDir, UNWTO_LATEST_FILE)) return pinned;
  return [...pinned, { file: UNWTO_LATEST_FILE, url: addressBeside(sourcesDir, UNWTO_LATEST_FILE) ?? UNWTO_URL }];
}
const PUBLISHER = 'UN Tourism';
const NOT_AVAILABLE = '..';

export type Cell = string | number | boolean | null;

/** What one indicator row of a sheet becomes. */
interface RowTarget {
  measure: Measure;
  breakdown: Breakdown | null;
  /** English label, before series code, country and notes. */
  label: string;
}

interface SheetSpec {
  sheet: string;
  table: string;
  title: string;
  /** Indicator label (as in the workbook, trimmed) → target. Labels not listed are rejected. */
  rows: Record<string, RowTarget>;
  /**
   * On the Regions and Purpose sheets the breakdown rows carry no series code: they split the block's
   * total, so they take its code (e.g. TF). Elsewhere a row without a code stays without one.
   */
  breakdownsInheritSeries?: boolean;
}

const type = (member: string): Breakdown => ({ dimension: 'type', member });
const origin = (member: string): Breakdown => ({ dimension: 'origin', member });
const purpose = (member: string): Breakdown => ({ dimension: 'purpose', member });
const item = (member: string): Breakdown => ({ dimension: 'item', member });
/** Outbound spend is told apart from inbound spend by a direction member; its items by 'outbound-item'. */
const outboundItem = (member: string): Breakdown => ({ dimension: 'outbound-item', member });

/** The totals of the Regions and Purpose sheets repeat the arrivals total: they dedupe against it. */
const ARRIVALS_TOTAL: RowTarget = { measure: 'arrivals', breakdown: null, label: 'Inbound arrivals, total' };

export const UNWTO_SHEETS: SheetSpec[] = [
  {
    sheet: ' Inbound Tourism-Arrivals', // the leading space is in the workbook
    table: 'unwto_inbound_arrivals',
    title: 'Inbound tourism: arrivals of non-resident visitors',
    rows: {
      'Total arrivals': ARRIVALS_TOTAL,
      'Overnights visitors (tourists)': {
        measure: 'arrivals',
        breakdown: type('overnight'),
        label: 'Inbound arrivals, overnight visitors (tourists)',
      },
      'Same-day visitors (excursionists)': {
        measure: 'arrivals',
        breakdown: type('same-day'),
        label: 'Inbound arrivals, same-day visitors (excursionists)',
      },
      'of which, cruise passengers': {
        measure: 'arrivals',
        breakdown: type('cruise-passengers'),
        label: 'Inbound arrivals, of which cruise passengers',
      },
    },
  },
  {
    sheet: 'Inbound Tourism-Regions',
    table: 'unwto_inbound_regions',
    title: 'Inbound tourism: arrivals by region of origin',
    breakdownsInheritSeries: true,
    rows: {
      Total: ARRIVALS_TOTAL,
      Africa: { measure: 'arrivals', breakdown: origin('africa'), label: 'Inbound arrivals from Africa' },
      Americas: { measure: 'arrivals', breakdown: origin('americas'), label: 'Inbound arrivals from the Americas' },
      'East Asia and the Pacific': {
        measure: 'arrivals',
        breakdown: origin('east-asia-pacific'),
        label: 'Inbound arrivals from East Asia and the Pacific',
      },
      Europe: { measure: 'arrivals', breakdown: origin('europe'), label: 'Inbound arrivals from Europe' },
      'Middle East': {
        measure: 'arrivals',
        breakdown: origin('middle-east'),
        label: 'Inbound arrivals from the Middle East',
      },
      'South Asia': { measure: 'arrivals', breakdown: origin('south-asia'), label: 'Inbound arrivals from South Asia' },
      'Other not classified': {
        measure: 'arrivals',
        breakdown: origin('other-not-classified'),
        label: 'Inbound arrivals, origin not classified',
      },
      'of which, nationals residing abroad': {
        measure: 'arrivals',
        breakdown: origin('nationals-residing-abroad'),
        label: 'Inbound arrivals, of which nationals residing abroad',
      },
    },
  },
  {
    sheet: 'Inbound Tourism-Purpose',
    table: 'unwto_inbound_purpose',
    title: 'Inbound tourism: arrivals by main purpose',
    breakdownsInheritSeries: true,
    rows: {
      Total: ARRIVALS_TOTAL,
      Personal: { measure: 'arrivals', breakdown: purpose('personal'), label: 'Inbound arrivals, personal purpose' },
      'Business and professional': {
        measure: 'arrivals',
        breakdown: purpose('business'),
        label: 'Inbound arrivals, business and professional purpose',
      },
    },
  },
  {
    sheet: 'Inbound Tourism-Expenditure',
    table: 'unwto_inbound_expenditure',
    title: 'Inbound tourism: tourism expenditure in the country',
    rows: {
      'Tourism expenditure in the country': {
        measure: 'spend',
        breakdown: null,
        label: 'Inbound tourism expenditure, total',
      },
      Travel: { measure: 'spend', breakdown: item('travel'), label: 'Inbound tourism expenditure, travel' },
      'Passenger transport': {
        measure: 'spend',
        breakdown: item('passenger-transport'),
        label: 'Inbound tourism expenditure, passenger transport',
      },
    },
  },
  {
    sheet: 'Outbound Tourism-Departures',
    table: 'unwto_outbound_departures',
    title: 'Outbound tourism: departures',
    rows: {
      'Total departures': { measure: 'departures', breakdown: null, label: 'Outbound departures, total' },
      'Overnights visitors (tourists)': {
        measure: 'departures',
        breakdown: type('overnight'),
        label: 'Outbound departures, overnight visitors (tourists)',
      },
      'Same-day visitors (excursionists)': {
        measure: 'departures',
        breakdown: type('same-day'),
        label: 'Outbound departures, same-day visitors (excursionists)',
      },
    },
  },
  {
    sheet: 'Outbound Tourism-Expenditure',
    table: 'unwto_outbound_expenditure',
    title: 'Outbound tourism: tourism expenditure in other countries',
    rows: {
      'Tourism expenditure in other countries': {
        measure: 'spend',
        breakdown: { dimension: 'direction', member: 'outbound' },
        label: 'Outbound tourism expenditure, total',
      },
      Travel: { measure: 'spend', breakdown: outboundItem('travel'), label: 'Outbound tourism expenditure, travel' },
      'Passenger transport': {
        measure: 'spend',
        breakdown: outboundItem('passenger-transport'),
        label: 'Outbound tourism expenditure, passenger transport',
      },
    },
  },
];

/** Where things are on a sheet, read from its header row (the Departures sheet has no Series column). */
interface SheetLayout {
  headerRow: number;
  labelCols: number[];
  unitsCol: number;
  notesCol: number;
  seriesCol: number | null;
  years: Array<{ col: number; year: number }>;
  /** Footnote texts ("1/ ...") sit in the column after the last year. */
  footnoteCol: number;
}

interface IndicatorRow {
  rowNumber: number; // 1-based, as Excel shows it
  label: string;
  units: string;
  noteRefs: string[];
  series: string | null;
  cells: Cell[];
}

interface CountryBlock {
  /** UN M49 code from column A, as written. */
  code: string;
  name: string;
  rowNumber: number;
  /** Note references and series code on the block's section heading row, valid for all its rows. */
  headingNoteRefs: string[];
  headingSeries: string | null;
  footnotes: Map<string, string>;
  rows: IndicatorRow[];
}

interface SheetContent {
  blocks: CountryBlock[];
  /** Series code → description, from the legend under the last block ("TF" → "Arrivals of ..."). */
  legend: Map<string, string>;
}

function text(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell).trim();
}

function asYear(cell: Cell): number | null {
  const n = typeof cell === 'number' ? cell : /^\d{4}$/.test(text(cell)) ? Number(text(cell)) : NaN;
  return Number.isInteger(n) && n >= 1900 && n <= 2100 ? n : null;
}

export function findLayout(rows: Cell[][]): SheetLayout | null {
  const headerRow = rows.findIndex((r) => text(r[0]) === 'C.' && text(r[1]) === 'S.');
  if (headerRow < 0) return null;
  const header = rows[headerRow];
  const col = (name: string) => header.findIndex((c) => text(c) === name);
  const labelStart = col('Basic data and indicators');
  const unitsCol = col('Units');
  const notesCol = col('Notes');
  const seriesCol = col('Series');
  const years = header.flatMap((c, i) => {
    const year = asYear(c);
    return year === null ? [] : [{ col: i, year }];
  });
  if (labelStart < 0 || unitsCol <= labelStart || notesCol < 0 || years.length === 0) return null;
  const labelCols = Array.from({ length: unitsCol - labelStart }, (_, k) => labelStart + k);
  return {
    headerRow,
    labelCols,
    unitsCol,
    notesCol,
    seriesCol: seriesCol < 0 ? null : seriesCol,
    years,
    footnoteCol: years[years.length - 1].col + 1,
  };
}

/** "1/ 2/" → ['1', '2']. */
export function parseNoteRefs(cell: string): string[] {
  return [...cell.matchAll(/(\d+)\//g)].map((m) => m[1]);
}

/** "1/ First note.\r\nmore of it\r\n2/ Second." → {1: 'First note. more of it', 2: 'Second.'}. */
export function parseFootnotes(cell: string): Map<string, string> {
  const notes = new Map<string, string>();
  const starts = [...cell.matchAll(/(?:^|\n)\s*(\d+)\/\s*/g)];
  starts.forEach((m, k) => {
    const from = m.index! + m[0].length;
    const to = k + 1 < starts.length ? starts[k + 1].index! : cell.length;
    notes.set(m[1], cell.slice(from, to).replace(/\s+/g, ' ').trim());
  });
  return notes;
}

function isCountryStart(row: Cell[]): boolean {
  return (row[1] === 0 || text(row[1]) === '0') && text(row[3]) !== '';
}

function firstLabel(row: Cell[], layout: SheetLayout): string {
  for (const c of layout.labelCols) if (text(row[c])) return text(row[c]);
  return '';
}

function seriesCode(row: Cell[], layout: SheetLayout): string | null {
  if (layout.seriesCol === null) return null;
  const code = text(row[layout.seriesCol]);
  return code === '' || code === NOT_AVAILABLE ? null : code;
}

function newBlock(code: string, name: string, rowNumber: number): CountryBlock {
  return { code, name, rowNumber, headingNoteRefs: [], headingSeries: null, footnotes: new Map(), rows: [] };
}

function readSheet(rows: Cell[][], layout: SheetLayout): SheetContent {
  const blocks: CountryBlock[] = [];
  const legend = new Map<string, string>();
  let block: CountryBlock | null = null;
  for (let i = layout.headerRow + 1; i < rows.length; i++) {
    const row = rows[i] ?? [];
    if (isCountryStart(row)) {
      block = newBlock(text(row[0]), text(row[3]), i + 1);
      blocks.push(block);
      continue;
    }
    const isLegend = text(row[0]) === '' && text(row[1]) === '' && text(row[3]) !== '' && text(row[4]) !== '';
    if (isLegend) {
      legend.set(text(row[3]), text(row[4]));
      continue;
    }
    if (!block) continue;
    const footnote = text(row[layout.footnoteCol]);
    if (footnote) for (const [k, v] of parseFootnotes(footnote)) block.footnotes.set(k, v);
    const noteRefs = parseNoteRefs(text(row[layout.notesCol]));
    if (text(row[1]) !== '') {
      block.rows.push({
        rowNumber: i + 1,
        label: firstLabel(row, layout),
        units: text(row[layout.unitsCol]),
        noteRefs,
        series: seriesCode(row, layout),
        cells: layout.years.map((y) => row[y.col] ?? null),
      });
    } else if (text(row[0]) === '' && firstLabel(row, layout)) {
      block.headingNoteRefs.push(...noteRefs); // section heading, e.g. "Arrivals"
      block.headingSeries ??= seriesCode(row, layout);
    }
  }
  return { blocks, legend };
}

interface UnitInfo {
  unit: string | null; // null: take the measure's own unit word
  currency: string | null;
  scale: string | null;
}

/** "Thousands" and "US$ Millions" (also written "US$ Mn"); anything else is rejected. */
export function unitInfo(units: string): UnitInfo | null {
  const u = units.toLowerCase().replace(/\s+/g, ' ');
  if (u === 'thousands') return { unit: null, currency: null, scale: 'thousands' };
  if (u === 'us$ millions' || u === 'us$ mn') return { unit: 'USD', currency: 'USD', scale: 'millions' };
  return null;
}

/** Excel sums leave binary noise (83700.59999999999); twelve significant digits give back the published figure. */
function cleanFloat(value: number): number {
  return Number(value.toPrecision(12));
}

type CellReading = { ok: true; value: number | null } | { ok: false };

export function readValueCell(cell: Cell): CellReading {
  if (typeof cell === 'number') return Number.isFinite(cell) ? { ok: true, value: cleanFloat(cell) } : { ok: false };
  const t = text(cell);
  if (t === '' || t === NOT_AVAILABLE) return { ok: true, value: null };
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? { ok: true, value: cleanFloat(n) } : { ok: false };
}

/** Observations from the year cells; leading '..' before the first figure are dropped. */
function toObservations(
  cells: Cell[],
  layout: SheetLayout,
  onBadCell: (year: number, cell: Cell) => void,
): ParsedObservation[] {
  const observations: ParsedObservation[] = [];
  cells.forEach((cell, k) => {
    const year = layout.years[k].year;
    const reading = readValueCell(cell);
    if (!reading.ok) return onBadCell(year, cell);
    if (reading.value === null && observations.length === 0) return;
    observations.push(
      reading.value === null
        ? { period: String(year), value: null, status: 'not_published', flags: '' }
        : { period: String(year), value: reading.value, status: 'published', flags: '' },
    );
  });
  return observations;
}

function blockHasFigures(block: CountryBlock): boolean {
  return block.rows.some((r) => r.cells.some((c) => typeof c === 'number'));
}

function describeSeries(code: string | null, legend: Map<string, string>): string {
  if (!code) return '';
  const description = legend.get(code);
  return description ? ` (${code}: ${description})` : ` (series ${code})`;
}

function describeNotes(refs: string[], footnotes: Map<string, string>): string {
  const unique = [...new Set(refs)];
  if (unique.length === 0) return '';
  return `. Notes: ${unique.map((r) => footnotes.get(r) ?? `${r}/`).join(' ')}`;
}

function seriesKey(country: CountryRef, target: RowTarget): string {
  const b = target.breakdown;
  return `${country.iso}|${target.measure}|${b ? `${b.dimension}=${b.member}` : ''}`;
}

interface ChosenSeries {
  where: string;
  series: string | null;
}

class UnwtoReader {
  readonly series: ParsedSeries[] = [];
  readonly rejected: RejectedRow[] = [];
  readonly decisions: AppliedDecision[] = [];
  private readonly chosen = new Map<string, ChosenSeries>();

  constructor(private readonly resolver: CountryResolver) {}

  readSheet(spec: SheetSpec, rows: Cell[][]): void {
    const layout = findLayout(rows);
    if (!layout) {
      const reason = 'header row (C. | S. | ... | Units) not found';
      this.rejected.push({ table: spec.table, row: spec.sheet, reason });
      return;
    }
    const content = readSheet(rows, layout);
    for (const block of content.blocks) this.readBlock(spec, layout, content.legend, block);
  }

  private readBlock(spec: SheetSpec, layout: SheetLayout, legend: Map<string, string>, block: CountryBlock): void {
    if (!blockHasFigures(block)) return; // a listed place without figures: nothing to resolve or serve
    const row = `${spec.sheet.trim()} row ${block.rowNumber}: ${block.code} ${block.name}`;
    const place = resolvePlace(this.resolver, 'UN Tourism', block.code, block.name, (code) => this.resolver.byM49(code));
    if (place.kind === 'unresolved') {
      this.rejected.push({ table: spec.table, row, reason: `place not resolved: ${place.reason}`, unresolved: true });
      return;
    }
    if (place.kind === 'decision') this.decisions.push({ table: spec.table, row, decision: place.decision });
    const country = place.country;
    if (!country) return; // decided: no country of its own
    const blockSeries = spec.breakdownsInheritSeries
      ? (block.rows.find((r) => r.series)?.series ?? block.headingSeries)
      : block.headingSeries;
    for (const row of block.rows) this.readRow(spec, layout, legend, block, country, row, blockSeries);
  }

  private readRow(
    spec: SheetSpec,
    layout: SheetLayout,
    legend: Map<string, string>,
    block: CountryBlock,
    country: CountryRef,
    row: IndicatorRow,
    blockSeries: string | null,
  ): void {
    const where = `${spec.sheet.trim()} row ${row.rowNumber}: ${block.name} / ${row.label}`;
    const reject = (reason: string): void => void this.rejected.push({ table: spec.table, row: where, reason });
    const target = Object.hasOwn(spec.rows, row.label) ? spec.rows[row.label] : undefined;
    if (!target) return reject('indicator label not mapped');
    const units = unitInfo(row.units);
    if (!units) return reject(`unknown units "${row.units}"`);
    const observations = toObservations(row.cells, layout, (year, cell) =>
      reject(`${year}: cell "${String(cell)}" is not a number`),
    );
    if (!observations.some((o) => o.value !== null)) return; // no figure at all: nothing to keep
    const key = seriesKey(country, target);
    const series = row.series ?? blockSeries;
    const earlier = this.chosen.get(key);
    if (earlier) {
      const codes = `series ${series ?? 'none'} here, ${earlier.series ?? 'none'} there`;
      return reject(`same country, measure and breakdown as ${earlier.where} (${codes}); the one listed first is kept`);
    }
    this.chosen.set(key, { where, series });
    const notes = describeNotes([...block.headingNoteRefs, ...row.noteRefs], block.footnotes);
    this.series.push({
      country: country.iso,
      measure: target.measure,
      breakdown: target.breakdown,
      freq: 'A',
      unit: units.unit ?? target.measure,
      currency: units.currency,
      scale: units.scale,
      table: spec.table,
      names: { en: `${target.label}${describeSeries(series, legend)}, ${country.name}${notes}` },
      observations,
    });
  }
}

/** Where the workbook was read from: its file and the address it came from. */
export interface WorkbookOrigin {
  file: string;
  url: string;
}

function tableInfo(spec: SheetSpec, released: string | null, origin: WorkbookOrigin): SourceTableInfo {
  const updated = released ? `data updated ${released.split('-').reverse().join('/')}` : 'update date not given';
  return {
    code: spec.table,
    publisher: PUBLISHER,
    title: `UN Tourism Statistics Database (${updated}), ${spec.title}; sheet "${spec.sheet.trim()}"`,
    url: origin.url,
    file: origin.file,
    ...(released ? { released } : {}),
  };
}

/** The update date the title rows give ("... data updated on 25/01/2023."), as YYYY-MM-DD (the workbook of 24/11/2023 gives it on its Index sheet only). */
export function releasedDate(rows: Cell[][]): string | null {
  for (const row of rows.slice(0, 5)) {
    for (const cell of row ?? []) {
      const m = /data updated on (\d{2})\/(\d{2})\/(\d{4})/i.exec(text(cell));
      if (m) return `${m[3]}-${m[2]}-${m[1]}`;
    }
  }
  return null;
}

/** Sheet rows as arrays of cells (row 1 first), undefined when the sheet is absent. */
export type UnwtoSheetRows = (sheetName: string) => Cell[][] | undefined;

/** The sheet giving the update date in every release. */
const INDEX_SHEET = 'Index';

/** Only the sheets used are read. */
function sheetRowsOf(sourcesDir: string, file = unwtoFile(sourcesDir)): UnwtoSheetRows {
  const sheets = readSheets(readSource(sourcesDir, file), [INDEX_SHEET, ...UNWTO_SHEETS.map((s) => s.sheet)]);
  return (name) => sheets.get(name);
}

/** Every "all data" workbook of the sources folder (unwtoWorkbooks), each parsed on its own. */
export function loadUnwtoWorkbooks(sourcesDir: string, resolver: CountryResolver): ConnectorOutput[] {
  return unwtoWorkbooks(sourcesDir).map((origin) => parseUnwtoSheets(sheetRowsOf(sourcesDir, origin.file), resolver, origin));
}

/** The newest workbook alone (the refreshed one, else the pinned one of 25/01/2023). */
export function loadUnwto(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  const file = unwtoFile(sourcesDir);
  const url = file === UNWTO_FILE ? UNWTO_URL : (addressBeside(sourcesDir, file) ?? UNWTO_URL);
  return parseUnwtoSheets(sheetRowsOf(sourcesDir, file), resolver, { file, url });
}

/** The six sheets' rows → series; a row mapping to a (country, measure, breakdown) already taken is rejected. */
export function parseUnwtoSheets(
  rowsOf: UnwtoSheetRows,
  resolver: CountryResolver,
  origin: WorkbookOrigin = { file: UNWTO_FILE, url: UNWTO_URL },
): ConnectorOutput {
  const reader = new UnwtoReader(resolver);
  let released: string | null = null;
  for (const spec of UNWTO_SHEETS) {
    const rows = rowsOf(spec.sheet);
    if (rows) reader.readSheet(spec, rows);
    else reader.rejected.push({ table: spec.table, row: spec.sheet, reason: 'sheet not found in workbook' });
    released ??= rows ? releasedDate(rows) : null;
  }
  const index = rowsOf(INDEX_SHEET);
  released ??= index ? releasedDate(index) : null;
  return { tables: UNWTO_SHEETS.map((spec) => tableInfo(spec, released, origin)), series: reader.series, rejected: reader.rejected, decisions: reader.decisions };
}

/** Every country block name of the six sheets, for checking that the resolver knows them all. */
export function readUnwtoCountryNames(sourcesDir: string): string[] {
  const rowsOf = sheetRowsOf(sourcesDir);
  const names = UNWTO_SHEETS.flatMap((spec) => {
    const rows = rowsOf(spec.sheet) ?? [];
    const layout = findLayout(rows);
    return layout ? readSheet(rows, layout).blocks.map((b) => b.name) : [];
  });
  return [...new Set(names)];
}

/** The six sheets' rows as the connector reads them, for checks against a whole workbook (the newest unless named). */
export function readUnwtoSheetRows(sourcesDir: string, file?: string): UnwtoSheetRows {
  return sheetRowsOf(sourcesDir, file);
}
