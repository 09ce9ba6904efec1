/**
 * UN Tourism's topic workbooks (since its release of December 2025, in place of the one "all data"
 * workbook): `unwto/<YYYY-MM>/UN_Tourism_<topic>_<MM>_<YYYY>.xlsx`, the newest of each topic. Each
 * has an Overview sheet (with the release date) and a Data sheet in long format, one figure a row:
 * indicator code and label, the compendium code it replaces, reporter (M49 code and name), partner
 * (999 World or a UN Tourism region), year, value, flag, unit, notes.
 *
 * Choices:
 * - Reporters are resolved by their M49 code, which the name must confirm (code-decisions.ts as for
 *   the "all data" workbook); an unresolved row is a counted rejection.
 * - Values stay as published with their scale: "thousand trips/guests/overnights" are thousands,
 *   "million US dollars" US$ millions, "units" and "percent" as they are.
 * - The arrivals of these workbooks are of overnight visitors (tourists), as their labels say: they
 *   continue the series of overnight visitors, not the total of all visitors.
 * - Each (country, measure, breakdown) is retained once: the indicator listed first in TOPICS wins; the
 *   purpose and transport totals repeat the arrivals by region total and are rejected naming it.
 * - Flags: B break, E estimated, P provisional set the status; every flag is retained raw.
 */
import path from 'node:path';
import type { Breakdown, Measure, ObsStatus, ParsedObservation, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import { aliasOf } from '../identifiers';
import type { AppliedDecision, ConnectorOutput, CountryRef } from '../records';
import { addressBeside } from '../latest-file';
import { readSheets, type Cell } from '../workbook';
import { resolvePlace } from './code-decisions';
import type { CountryResolver } from './country-resolver';
import { listSource, readSource } from '../source-reads';

const PUBLISHER = 'UN Tourism';
export const TOPICS_DIR = 'unwto';
export const DATA_SHEET = 'Data';
export const OVERVIEW_SHEET = 'Overview';
/** The header cells of the Data sheet the connector reads (the partner columns only where the topic has partners). */
export const DATA_COLUMNS = ['indicator_code', 'indicator_label', 'indicator_previous_code', 'reporter_area_code', 'reporter_area_label'] as const;
const WORLD = '999';
/** The partner key of workbooks without partner columns. */
const NO_PARTNER = '';
const TOPICS_BUCKET = 'https://pre-webunwto.s3.amazonaws.com/s3fs-public';

interface IndicatorTarget {
  table: string;
  measure: Measure;
  breakdown: Breakdown | null;
  label: string;
  /** The unit word of a count given in "units" (bedrooms, bed-places); the measure's own word otherwise. */
  unit?: string;
}

interface TableSpec {
  code: string;
  title: string;
}

interface TopicSpec {
  topic: string;
  tables: TableSpec[];
  /** Indicator code → partner area code ('' in workbooks without partners) → target. */
  indicators: Record<string, Record<string, IndicatorTarget>>;
}

const type = (member: string): Breakdown => ({ dimension: 'type', member });
const origin = (member: string): Breakdown => ({ dimension: 'origin', member });
const purpose = (member: string): Breakdown => ({ dimension: 'purpose', member });
const transport = (member: string): Breakdown => ({ dimension: 'transport', member });
const item = (member: string): Breakdown => ({ dimension: 'item', member });
const residence = (member: string): Breakdown => ({ dimension: 'residence', member });
const unit = (member: string): Breakdown => ({ dimension: 'unit', member });

const ARRIVALS = { code: 'unwto_inbound_arrivals', title: 'Inbound tourism: arrivals of non-resident visitors' };
const REGIONS = { code: 'unwto_inbound_regions', title: 'Inbound tourism: arrivals by region of origin' };
const PURPOSE = { code: 'unwto_inbound_purpose', title: 'Inbound tourism: arrivals by main purpose' };
const TRANSPORT = { code: 'unwto_inbound_transport', title: 'Inbound tourism: arrivals by mode of transport' };
const EXPENDITURE = { code: 'unwto_inbound_expenditure', title: 'Inbound tourism: tourism expenditure in the country' };
const INBOUND_ACCOMMODATION = { code: 'unwto_inbound_accommodation', title: 'Inbound tourism: guests and overnights of non-residents in accommodation' };
const DOMESTIC_ACCOMMODATION = { code: 'unwto_domestic_accommodation', title: 'Domestic tourism: guests and overnights of residents in accommodation' };
const HOTELS = { code: 'unwto_accommodation_hotels', title: 'Hotels and similar establishments: capacity and occupancy' };

const overnight = (table: TableSpec, label: string): IndicatorTarget => ({ table: table.code, measure: 'arrivals', breakdown: type('overnight'), label });
const regionOfOrigin = (member: string, label: string): IndicatorTarget => ({ table: REGIONS.code, measure: 'arrivals', breakdown: origin(member), label });

/** In the order their series are retained: the first topic giving a (country, measure, breakdown) wins. */
export const TOPICS: readonly TopicSpec[] = [
  {
    topic: 'inbound_arrivals_by_region',
    tables: [ARRIVALS, REGIONS],
    indicators: {
      INBD_TRIP_AREA_TOTL_TOUR: { [WORLD]: overnight(ARRIVALS, 'Inbound arrivals, overnight visitors (tourists)') },
      INBD_TRIP_AREA_TOUR_ABRD: {
        [WORLD]: regionOfOrigin('nationals-residing-abroad', 'Inbound arrivals, of which nationals residing abroad (overnight visitors)'),
      },
      INBD_TRIP_REGN_TOUR: {
        '10000': regionOfOrigin('africa', 'Inbound arrivals from Africa (overnight visitors)'),
        '20000': regionOfOrigin('americas', 'Inbound arrivals from the Americas (overnight visitors)'),
        '30000': regionOfOrigin('east-asia-pacific', 'Inbound arrivals from East Asia and the Pacific (overnight visitors)'),
        '40000': regionOfOrigin('europe', 'Inbound arrivals from Europe (overnight visitors)'),
        '50000': regionOfOrigin('middle-east', 'Inbound arrivals from the Middle East (overnight visitors)'),
        '60000': regionOfOrigin('south-asia', 'Inbound arrivals from South Asia (overnight visitors)'),
        '70000': regionOfOrigin('other-not-classified', 'Inbound arrivals, origin not classified (overnight visitors)'),
      },
    },
  },
  {
    topic: 'inbound_arrivals_by_purpose',
    tables: [PURPOSE],
    indicators: {
      INBD_TRIP_PRPS_TOTL_TOUR: { [WORLD]: overnight(PURPOSE, 'Inbound arrivals, overnight visitors (tourists), total by purpose') },
      INBD_TRIP_PRPS_PERS_TOUR: { [WORLD]: { table: PURPOSE.code, measure: 'arrivals', breakdown: purpose('personal'), label: 'Inbound arrivals, personal purpose (overnight visitors)' } },
      INBD_TRIP_PRPS_BNSS_TOUR: {
        [WORLD]: { table: PURPOSE.code, measure: 'arrivals', breakdown: purpose('business'), label: 'Inbound arrivals, business and professional purpose (overnight visitors)' },
      },
    },
  },
  {
    topic: 'inbound_arrivals_by_transport',
    tables: [TRANSPORT],
    indicators: {
      INBD_TRIP_TRPT_TOTL_TOUR: { [WORLD]: overnight(TRANSPORT, 'Inbound arrivals, overnight visitors (tourists), total by transport') },
      INBD_TRIP_TRPT_AIRT_TOUR: { [WORLD]: { table: TRANSPORT.code, measure: 'arrivals', breakdown: transport('air'), label: 'Inbound arrivals by air (overnight visitors)' } },
      INBD_TRIP_TRPT_WTER_TOUR: { [WORLD]: { table: TRANSPORT.code, measure: 'arrivals', breakdown: transport('water'), label: 'Inbound arrivals by water (overnight visitors)' } },
      INBD_TRIP_TRPT_LAND_TOUR: { [WORLD]: { table: TRANSPORT.code, measure: 'arrivals', breakdown: transport('land'), label: 'Inbound arrivals by land (overnight visitors)' } },
    },
  },
  {
    topic: 'inbound_expenditure',
    tables: [EXPENDITURE],
    indicators: {
      INBD_EXPD_BPAY_TOTL_VSTR: { [WORLD]: { table: EXPENDITURE.code, measure: 'spend', breakdown: null, label: 'Inbound tourism expenditure, total' } },
      INBD_EXPD_BPAY_TRVL_VSTR: { [WORLD]: { table: EXPENDITURE.code, measure: 'spend', breakdown: item('travel'), label: 'Inbound tourism expenditure, travel' } },
      INBD_EXPD_BPAY_PSTR_VSTR: {
        [WORLD]: { table: EXPENDITURE.code, measure: 'spend', breakdown: item('passenger-transport'), label: 'Inbound tourism expenditure, passenger transport' },
      },
    },
  },
  {
    topic: 'inbound_accommodation',
    tables: [INBOUND_ACCOMMODATION],
    indicators: {
      INBD_ACCM_COMM_GUES: { [WORLD]: { table: INBOUND_ACCOMMODATION.code, measure: 'arrivals', breakdown: residence('foreign'), label: 'Guests of non-residents in commercial accommodation' } },
      INBD_ACCM_COMM_NGHT: { [WORLD]: { table: INBOUND_ACCOMMODATION.code, measure: 'nights', breakdown: residence('foreign'), label: 'Overnights of non-residents in commercial accommodation' } },
      INBD_ACCM_HOTL_GUES: {
        [WORLD]: { table: INBOUND_ACCOMMODATION.code, measure: 'arrivals', breakdown: residence('foreign-in-hotels'), label: 'Guests of non-residents in hotels and similar establishments' },
      },
      INBD_ACCM_HOTL_NGHT: {
        [WORLD]: { table: INBOUND_ACCOMMODATION.code, measure: 'nights', breakdown: residence('foreign-in-hotels'), label: 'Overnights of non-residents in hotels and similar establishments' },
      },
    },
  },
  {
    topic: 'domestic_accommodation',
    tables: [DOMESTIC_ACCOMMODATION],
    indicators: {
      DOMC_ACCM_COMM_GUES: { [NO_PARTNER]: { table: DOMESTIC_ACCOMMODATION.code, measure: 'arrivals', breakdown: residence('domestic'), label: 'Guests of residents in commercial accommodation' } },
      DOMC_ACCM_COMM_NGHT: { [NO_PARTNER]: { table: DOMESTIC_ACCOMMODATION.code, measure: 'nights', breakdown: residence('domestic'), label: 'Overnights of residents in commercial accommodation' } },
      DOMC_ACCM_HOTL_GUES: { [NO_PARTNER]: { table: DOMESTIC_ACCOMMODATION.code, measure: 'arrivals', breakdown: residence('domestic-in-hotels'), label: 'Guests of residents in hotels and similar establishments' } },
      DOMC_ACCM_HOTL_NGHT: { [NO_PARTNER]: { table: DOMESTIC_ACCOMMODATION.code, measure: 'nights', breakdown: residence('domestic-in-hotels'), label: 'Overnights of residents in hotels and similar establishments' } },
    },
  },
  {
    topic: 'accommodation_hotels',
    tables: [HOTELS],
    indicators: {
      // The room occupancy rate is the hotels' usual occupancy figure: it stands as the occupancy total.
      CPTY_ACCM_HOTL_ROOM_RATE: { [NO_PARTNER]: { table: HOTELS.code, measure: 'occupancy', breakdown: null, label: 'Occupancy rate of rooms in hotels and similar establishments' } },
      CPTY_ACCM_HOTL_BEDS_RATE: { [NO_PARTNER]: { table: HOTELS.code, measure: 'occupancy', breakdown: unit('bed-places'), label: 'Occupancy rate of bed-places in hotels and similar establishments' } },
      CPTY_ACCM_HOTL_ROOM: { [NO_PARTNER]: { table: HOTELS.code, measure: 'capacity', breakdown: unit('hotel-bedrooms'), unit: 'bedrooms', label: 'Rooms in hotels and similar establishments' } },
      CPTY_ACCM_HOTL_BEDS: { [NO_PARTNER]: { table: HOTELS.code, measure: 'capacity', breakdown: unit('hotel-bed-places'), unit: 'bed-places', label: 'Bed-places in hotels and similar establishments' } },
      CPTY_ACCM_HOTL_ESTB: {
        [NO_PARTNER]: { table: HOTELS.code, measure: 'capacity', breakdown: unit('hotel-establishments'), unit: 'establishments', label: 'Hotels and similar establishments' },
      },
    },
  },
];

/** The topic workbooks of the release folders, newest last: `UN_Tourism_<topic>_<MM>_<YYYY>.xlsx`. */
const TOPIC_FILE_RE = /^UN_Tourism_([a-z_]+)_(\d{2})_(\d{4})\.xlsx$/;

/** The newest workbook of a topic under unwto/<folder>/ (by the month and year in its name), or null. */
export function topicFile(sourcesDir: string, topic: string): string | null {
  const found = listSource(sourcesDir, TOPICS_DIR)
    .filter((d) => d.isDirectory)
    .flatMap((d) =>
      listSource(sourcesDir, `${TOPICS_DIR}/${d.name}`).flatMap(({ name }) => {
        const m = TOPIC_FILE_RE.exec(name);
        return m && m[1] === topic ? [{ file: `${TOPICS_DIR}/${d.name}/${name}`, stamp: `${m[3]}-${m[2]}` }] : [];
      }),
    )
    .sort((a, b) => (a.stamp < b.stamp ? -1 : a.stamp > b.stamp ? 1 : a.file < b.file ? -1 : 1));
  return found[found.length - 1]?.file ?? null;
}

/** Where the shape checks expect each topic's workbook: the newest found, else the release first read. */
export function topicFiles(sourcesDir: string): string[] {
  return TOPICS.map((t) => topicFile(sourcesDir, t.topic) ?? `${TOPICS_DIR}/2025-12/UN_Tourism_${t.topic}_12_2025.xlsx`);
}

function text(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell).trim();
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "23 December 2025" → 2025-12-23; null otherwise. */
export function parseReleaseDay(cell: string): string | null {
  const m = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(cell.trim());
  const month = m ? MONTHS.indexOf(m[2].toLowerCase()) + 1 : 0;
  return m && month > 0 ? `${m[3]}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')}` : null;
}

/** The release date the Overview sheet gives under "Last release / revision". */
export function overviewReleased(rows: Cell[][]): string | null {
  for (let i = 0; i < rows.length; i++) {
    const col = (rows[i] ?? []).findIndex((c) => text(c) === 'Last release / revision');
    if (col < 0) continue;
    for (const row of rows.slice(i + 1)) {
      const day = parseReleaseDay(text(row?.[col]));
      if (day) return day;
    }
  }
  return null;
}

interface UnitReading {
  unit: string | null; // null: the target's unit word
  currency: string | null;
  scale: string | null;
}

/** The published unit as stored: thousands and US$ millions keep their scale, as the "all data" workbook's. */
export function topicUnit(published: string): UnitReading | null {
  const u = published.toLowerCase().replace(/\s+/g, ' ').trim();
  if (/^thousand (trips|guests|overnights)$/.test(u)) return { unit: null, currency: null, scale: 'thousands' };
  if (u === 'million us dollars (nominal values)') return { unit: 'USD', currency: 'USD', scale: 'millions' };
  if (u === 'units') return { unit: null, currency: null, scale: null };
  if (u === 'percent') return { unit: 'percent', currency: null, scale: null };
  return null;
}

/** "B,E" → status break (a break outranks an estimate, an estimate a provisional figure). */
export function statusOfFlags(flags: string[]): ObsStatus {
  if (flags.includes('B')) return 'break';
  if (flags.includes('E')) return 'estimated';
  if (flags.includes('P')) return 'provisional';
  return 'published';
}

/** Excel leaves binary noise in some values; twelve significant digits give back the published figure. */
const cleanFloat = (value: number) => Number(value.toPrecision(12));

interface Building {
  series: ParsedSeries;
  /** The workbook and indicator the series is read from. */
  source: string;
  where: string;
  notes: Set<string>;
  years: Set<string>;
}

/** Reads the Data sheets of the topics, one workbook after another, into series. */
class TopicReader {
  readonly rejected: RejectedRow[] = [];
  readonly decisions: AppliedDecision[] = [];
  private readonly building = new Map<string, Building>();
  /** Rows repeating a series already read from another indicator, counted per series. */
  private readonly repeats = new Map<string, RejectedRow & { rows: number }>();
  private readonly places = new Map<string, CountryRef | null | string>();

  constructor(private readonly resolver: CountryResolver) {}

  /** A reporter's country by M49 code and name: null when decided not served, a string (the reason) when unresolved. */
  private place(table: string, code: string, name: string, row: string): CountryRef | null | string {
    const key = `${code}|${name}`;
    if (this.places.has(key)) return this.places.get(key)!;
    const resolution = resolvePlace(this.resolver, PUBLISHER, code, name, (c) => this.resolver.byM49(c));
    let place: CountryRef | null | string;
    if (resolution.kind === 'unresolved') place = resolution.reason;
    else {
      if (resolution.kind === 'decision') this.decisions.push({ table, row, decision: resolution.decision });
      place = resolution.country;
    }
    this.places.set(key, place);
    return place;
  }

  readSheet(spec: TopicSpec, file: string, rows: Cell[][]): void {
    const header = (rows[0] ?? []).map(text);
    const col = (name: string) => header.indexOf(name);
    const at = {
      indicator: col('indicator_code'),
      reporter: col('reporter_area_code'),
      reporterName: col('reporter_area_label'),
      partner: col('partner_area_code'),
      year: col('year'),
      value: col('value'),
      flag: col('flag'),
      unit: col('unit'),
      notes: col('notes'),
    };
    const fallbackTable = spec.tables[0].code;
    const missing = Object.entries(at).filter(([k, i]) => i < 0 && !['partner', 'flag', 'notes'].includes(k));
    if (missing.length > 0) {
      this.rejected.push({ table: fallbackTable, row: `${file} ${DATA_SHEET}`, reason: `header row lacks ${missing.map(([k]) => k).join(', ')}` });
      return;
    }
    const unread = new Map<string, number>();
    for (let i = 1; i < rows.length; i++) {
      const row = rows[i] ?? [];
      if (row.every((c) => c === null)) continue;
      const indicator = text(row[at.indicator]);
      const where = `${path.basename(file)} row ${i + 1}`;
      const mapped = Object.hasOwn(spec.indicators, indicator) ? spec.indicators[indicator] : undefined;
      if (!mapped) {
        unread.set(indicator, (unread.get(indicator) ?? 0) + 1);
        continue;
      }
      const partner = at.partner < 0 ? NO_PARTNER : text(row[at.partner]);
      const target = Object.hasOwn(mapped, partner) ? mapped[partner] : undefined;
      const table = target?.table ?? fallbackTable;
      const reject = (reason: string, unresolved = false) =>
        void this.rejected.push({ table, row: `${where}: ${text(row[at.reporter])} ${text(row[at.reporterName])} / ${indicator}`, reason, ...(unresolved ? { unresolved } : {}) });
      if (!target) {
        reject(`partner area ${partner} not read for this indicator`);
        continue;
      }
      const place = this.place(table, text(row[at.reporter]), text(row[at.reporterName]), where);
      if (typeof place === 'string') {
        reject(`place not resolved: ${place}`, true);
        continue;
      }
      if (place === null) continue; // decided: no country of its own
      const units = topicUnit(text(row[at.unit]));
      if (!units) {
        reject(`unknown unit "${text(row[at.unit])}"`);
        continue;
      }
      const year = row[at.year];
      const value = row[at.value];
      if (typeof year !== 'number' || !Number.isInteger(year)) {
        reject(`year "${text(year)}" is not a year`);
        continue;
      }
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        reject(`${year}: value "${text(value)}" is not a number`);
        continue;
      }
      const flags = at.flag < 0 ? [] : text(row[at.flag]).split(',').map((f) => f.trim()).filter(Boolean);
      const observation: ParsedObservation = { period: String(year), value: cleanFloat(value), status: statusOfFlags(flags), flags: flags.join('') };
      this.add(`${file}|${indicator}`, where, place, target, units, observation, at.notes < 0 ? '' : text(row[at.notes]), reject);
    }
    for (const [indicator, count] of unread) {
      this.rejected.push({ table: fallbackTable, row: `${path.basename(file)}: ${indicator} (${count} rows)`, reason: 'indicator not read: no measure of the service holds it' });
    }
  }

  private add(
    source: string,
    where: string,
    country: CountryRef,
    target: IndicatorTarget,
    units: UnitReading,
    observation: ParsedObservation,
    note: string,
    reject: (reason: string) => void,
  ): void {
    const key = aliasOf({ country: country.iso, measure: target.measure, breakdown: target.breakdown, freq: 'A' });
    let b = this.building.get(key);
    if (!b) {
      b = {
        source,
        where,
        notes: new Set(),
        years: new Set(),
        series: {
          country: country.iso,
          measure: target.measure,
          breakdown: target.breakdown,
          freq: 'A',
          unit: units.unit ?? target.unit ?? target.measure,
          currency: units.currency,
          scale: units.scale,
          table: target.table,
          names: { en: `${target.label}, ${country.name}` },
          observations: [],
        },
      };
      this.building.set(key, b);
    } else if (b.source !== source) {
      const repeatKey = `${key}|${source}`;
      const repeat = this.repeats.get(repeatKey);
      if (repeat) repeat.rows++;
      else {
        const reason = `same country, measure and breakdown as ${b.where} (${b.source.split('|')[1]}); the one listed first is kept`;
        this.repeats.set(repeatKey, { table: target.table, row: `${where}: ${country.name} / ${source.split('|')[1]}`, reason, rows: 1 });
      }
      return;
    }
    if (b.years.has(observation.period)) return reject(`${observation.period}: a second figure for the same year; the first is kept`);
    b.years.add(observation.period);
    if (note) b.notes.add(note);
    b.series.observations.push(observation);
  }

  /** One rejection per repeated series, naming its first row and how many rows it had. */
  repeated(): RejectedRow[] {
    return [...this.repeats.values()].map(({ rows, ...r }) => ({ ...r, row: `${r.row} (${rows} rows)` }));
  }

  series(): ParsedSeries[] {
    return [...this.building.values()].map((b) => {
      const notes = [...b.notes];
      const observations = [...b.series.observations].sort((x, y) => (x.period < y.period ? -1 : 1));
      return { ...b.series, observations, names: { en: `${b.series.names.en}${notes.length ? `. Notes: ${notes.join(' ')}` : ''}` } };
    });
  }
}

/** One topic workbook's sheets, as read from the file. */
export interface TopicWorkbook {
  file: string;
  url: string;
  overview: Cell[][] | undefined;
  data: Cell[][] | undefined;
}

/** The topics' workbooks → series, tables and rejections; `released` is the newest Overview date found. */
export function parseTopicWorkbooks(
  workbooks: ReadonlyMap<string, TopicWorkbook>,
  resolver: CountryResolver,
): ConnectorOutput & { released: string | null } {
  const reader = new TopicReader(resolver);
  const tables: SourceTableInfo[] = [];
  const dates: string[] = [];
  for (const spec of TOPICS) {
    const workbook = workbooks.get(spec.topic);
    if (!workbook?.data) {
      reader.rejected.push({ table: spec.tables[0].code, row: workbook?.file ?? spec.topic, reason: `${DATA_SHEET} sheet not found` });
      continue;
    }
    reader.readSheet(spec, workbook.file, workbook.data);
    const released = workbook.overview ? overviewReleased(workbook.overview) : null;
    if (released) dates.push(released);
    const updated = released ? `data updated ${released.split('-').reverse().join('/')}` : 'update date not given';
    for (const t of spec.tables) {
      tables.push({
        code: t.code,
        publisher: PUBLISHER,
        title: `UN Tourism Statistics Database (${updated}), ${t.title}; workbook ${path.basename(workbook.file)}`,
        url: workbook.url,
        file: workbook.file,
        ...(released ? { released } : {}),
      });
    }
  }
  const series = reader.series();
  const used = new Set(series.map((s) => s.table));
  return {
    tables: tables.filter((t) => used.has(t.code)),
    series,
    rejected: [...reader.rejected, ...reader.repeated()],
    decisions: reader.decisions,
    released: dates.sort().at(-1) ?? null,
  };
}

/** Reads one workbook's Overview and Data sheets. */
export function readTopicWorkbook(sourcesDir: string, file: string): TopicWorkbook {
  const sheets = readSheets(readSource(sourcesDir, file), [OVERVIEW_SHEET, DATA_SHEET]);
  // Without its address beside it, the address UN Tourism's release folders follow.
  const url = addressBeside(sourcesDir, file) ?? `${TOPICS_BUCKET}/${path.basename(path.dirname(file))}/${path.basename(file)}`;
  return { file, url, overview: sheets.get(OVERVIEW_SHEET), data: sheets.get(DATA_SHEET) };
}

/** The newest workbook of every topic in the sources folder. */
export function loadUnwtoTopics(sourcesDir: string, resolver: CountryResolver): ConnectorOutput & { released: string | null } {
  const workbooks = new Map<string, TopicWorkbook>();
  for (const spec of TOPICS) {
    const file = topicFile(sourcesDir, spec.topic);
    if (file) workbooks.set(spec.topic, readTopicWorkbook(sourcesDir, file));
  }
  return parseTopicWorkbooks(workbooks, resolver);
}
