/**
 * Answers that list observations in the formats statistical tools read: JSON-stat 2.0 (a dataset
 * cube of country × unit × time, flags as `status`) and SDMX-CSV 2.0 (one row per observation, the
 * STRUCTURE, STRUCTURE_ID and ACTION columns first). Both are written from the series data blocks the
 * JSON answer holds, so they carry the same figures.
 */
import { stringify } from 'csv-stringify/sync';
import { comparePeriodEnds } from '../src/domain/periods';
import type { SeriesBlock } from './csv';

export const SDMX_CSV_TYPE = 'application/vnd.sdmx.data+csv; version=2.0.0';
/** JSON-stat has no media type of its own: it is JSON. */
export const JSONSTAT_TYPE = 'application/json; charset=utf-8';

/** The formats of an observations answer beside JSON and CSV. */
export const DATASET_FORMATS = ['jsonstat', 'sdmx-csv'] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];

/** An observations answer as one dataset: its structure's id and label, and its series blocks. */
export interface Dataset {
  /** SDMX id of the structure (upper case, e.g. ARRIVALS). */
  id: string;
  label: string;
  blocks: SeriesBlock[];
}

/** A route whose data is series data blocks, as one dataset. */
export function blocksDataset(id: string, label: string): (shaped: { data: unknown }) => Dataset {
  return ({ data }) => ({ id, label, blocks: data as SeriesBlock[] });
}

/** The agency the SDMX structure ids are maintained by. */
const AGENCY = 'TOURISM_API';
const STRUCTURE_VERSION = '1.0';

/** Statuses as SDMX's CL_OBS_STATUS codes (A normal, E estimated, P provisional, B break, O missing, Q suppressed). */
const SDMX_STATUS: Record<string, string> = { published: 'A', estimated: 'E', provisional: 'P', break: 'B', not_published: 'O', withheld: 'Q' };

/** A period with no figure known (a hole on a regular axis): no value and no status. */
function isHole(o: SeriesBlock['observations'][number]): boolean {
  return o.value === null && (o.status === null || o.status === undefined);
}

/**
 * SDMX-CSV 2.0: STRUCTURE (dataflow), STRUCTURE_ID (agency:id(version)), ACTION (I: information),
 * the dimensions FREQ, REF_AREA and SERIES, TIME_PERIOD, OBS_VALUE, then the attributes UNIT_MEASURE,
 * OBS_STATUS (CL_OBS_STATUS), OBS_FLAGS (the publisher's letters) and TITLE. Holes on a time axis
 * are left out; a withheld or unpublished period is a row with an empty value and its status.
 */
export function sdmxCsv(dataset: Dataset): string {
  const structureId = `${AGENCY}:${dataset.id}(${STRUCTURE_VERSION})`;
  const rows: unknown[][] = [];
  for (const b of dataset.blocks) {
    if (!b.series) continue;
    for (const o of b.observations) {
      if (isHole(o)) continue;
      rows.push([
        'dataflow', structureId, 'I', b.freq, b.country, b.series, o.period, o.value ?? '', b.unit,
        o.status ? (SDMX_STATUS[o.status] ?? '') : '', o.flags ?? '', b.name ?? '',
      ]);
    }
  }
  const columns = ['STRUCTURE', 'STRUCTURE_ID', 'ACTION', 'FREQ', 'REF_AREA', 'SERIES', 'TIME_PERIOD', 'OBS_VALUE', 'UNIT_MEASURE', 'OBS_STATUS', 'OBS_FLAGS', 'TITLE'];
  return stringify(rows, { header: true, columns, record_delimiter: '\r\n' });
}

/** JSON-stat's category block of a dimension: index and label by id, in order. */
function category(ids: string[], label: (id: string) => string) {
  return {
    index: Object.fromEntries(ids.map((id, i) => [id, i])),
    label: Object.fromEntries(ids.map((id) => [id, label(id)])),
  };
}

/**
 * A JSON-stat 2.0 dataset: the dimensions country (role geo), unit (role metric: a block's unit,
 * so figures of different units or multipliers never share a category) and time (role time, every
 * period of the answer in order); `value` row-major with null where no figure is present; `status` the
 * status word of each figure not plainly published; the publisher's flags, each series' id and name,
 * and notes under `extension`.
 */
export function jsonStat(dataset: Dataset, updated: string, meta: Record<string, unknown>): Record<string, unknown> {
  const blocks = dataset.blocks.filter((b) => b.series);
  const countries = [...new Set(blocks.map((b) => b.country))];
  // A unit category is the unit's label; a second block of one country in the same unit gets its series id added.
  const unitOf = new Map<SeriesBlock, string>();
  const taken = new Set<string>();
  for (const b of blocks) {
    let unit = b.unit || 'units';
    if (taken.has(`${b.country}|${unit}`)) unit = `${unit} (${b.series})`;
    taken.add(`${b.country}|${unit}`);
    unitOf.set(b, unit);
  }
  const units = [...new Set(unitOf.values())];
  const periods = [...new Set(blocks.flatMap((b) => b.observations.map((o) => o.period)))].sort(comparePeriodEnds);
  const countryAt = new Map(countries.map((c, i) => [c, i]));
  const unitAt = new Map(units.map((u, i) => [u, i]));
  const timeAt = new Map(periods.map((p, i) => [p, i]));
  const size = [countries.length, units.length, periods.length];
  const value: (number | null)[] = new Array(size[0] * size[1] * size[2]).fill(null);
  const status: Record<string, string> = {};
  const flags: Record<string, string> = {};
  const series: Record<string, { country: string; unit: string; id: string; name: string; freq: string }> = {};
  for (const b of blocks) {
    const unit = unitOf.get(b)!;
    const base = (countryAt.get(b.country)! * size[1] + unitAt.get(unit)!) * size[2];
    series[`${b.country}|${unit}`] = { country: b.country, unit, id: b.series!, name: b.name ?? '', freq: b.freq };
    for (const o of b.observations) {
      const i = base + timeAt.get(o.period)!;
      value[i] = o.value;
      if (o.status && o.status !== 'published') status[i] = o.status;
      if (o.flags) flags[i] = o.flags;
    }
  }
  const notes = dataset.blocks.filter((b) => b.note).map((b) => ({ country: b.country, series: b.series, note: b.note }));
  return {
    version: '2.0',
    class: 'dataset',
    label: dataset.label,
    source: "Tourism Statistics API: the publishers' own figures",
    updated,
    id: ['country', 'unit', 'time'],
    size,
    role: { geo: ['country'], metric: ['unit'], time: ['time'] },
    dimension: {
      country: { label: 'country', category: category(countries, (c) => c) },
      unit: {
        label: 'unit',
        category: { ...category(units, (u) => u), unit: Object.fromEntries(units.map((u) => [u, { label: u }])) },
      },
      time: { label: 'period', category: category(periods, (p) => p) },
    },
    value,
    ...(Object.keys(status).length ? { status } : {}),
    extension: { series: Object.values(series), flags, notes, meta },
  };
}
