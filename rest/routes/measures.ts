/** Measures: arrivals, spend (optionally converted), capacity, nights by region. */
import { nullAbove } from '../route-run';
import {
  CapacitySeriesDocument,
  ArrivalSeriesDocument,
  NightsByRegionDocument,
  SpendSeriesDocument,
  type MeasureBlockFragment,
} from '../../src/generated/operations';
import type { Freq } from '../../src/domain/types';
import type { SeriesBlock } from '../csv';
import { defineRoute } from '../route';
import { blocksDataset } from '../datasets';
import { HEADLINE_RULE } from '../../src/domain/headline';
import { defaultAggregation, frequencyUnchangedNote, outputFreq, transformedUnit, transformRule, type Aggregation, type Units } from '../../src/domain/transform';
import { provenanceColumns, SourceList, withProvenance, type DatedSeries } from '../provenance';

/** The unit with the publisher's multiplier, e.g. "arrivals (thousands)". */
export function unitLabel(s: { unit: string; scale?: string | null }): string {
  return s.scale ? `${s.unit} (${s.scale})` : s.unit;
}

/** A country of a measure list, with why it has no series of the measure (null when it has). */
type Country = { iso: string; name: string; measureNote: string | null };

/** The parameters the measure lists share. */
interface ListParams {
  country?: string[];
  freq?: Freq;
  from?: string;
  to?: string;
  status?: boolean;
  units?: Units;
  to_freq?: Freq;
  aggregation?: Aggregation;
  provenance?: boolean;
}

/** What a transformed answer's meta adds (only when a transformation is asked for): the options and the rule. */
export function transformMeta(p: { units?: Units; aggregation?: Aggregation }, freq: Freq | undefined, series: { measure: string; unit: string; freq?: Freq }) {
  if (!p.units && !freq && !p.aggregation) return {};
  const options = { units: p.units, freq, aggregation: p.aggregation };
  return {
    units: p.units ?? 'lin',
    aggregation: freq ? (p.aggregation ?? defaultAggregation(series)) : null,
    transform_rule: transformRule(series, options) ?? 'None: aggregation applies with a frequency to aggregate to.',
  };
}

/** meta.sources with provenance=true: each source table the blocks' figures come from, once. */
function sourcesMeta(p: ListParams, sources: SourceList) {
  return p.provenance ? { sources: sources.meta() } : {};
}

/** Which series a measure list serves: the headline rule, or with `freq` the total of that frequency. */
function headlineRule(p: ListParams): string {
  return p.freq ? `With freq=${p.freq}, each country's total series of that frequency is served.` : HEADLINE_RULE;
}
type Point = { period: string; value: number | null; rate?: number };
type Status = { period: string; status: string; flags: string };
type StatusFields = { status?: string | null; flags?: string | null };

/** With status=true, each observation gains the status and flags of its period (after `rate`, so the spec's fields keep their order). */
function withStatus<T extends { period: string }>(observations: T[], statuses: Status[] | undefined): (T & StatusFields)[] {
  if (!statuses) return observations;
  const byPeriod = new Map(statuses.map((s) => [s.period, s]));
  return observations.map((o) => {
    const s = byPeriod.get(o.period);
    return { ...o, status: s?.status ?? null, flags: s?.flags ?? null };
  });
}

function block(
  c: Country,
  series: (MeasureBlockFragment & DatedSeries & { observations?: Point[]; statuses?: Status[] }) | null | undefined,
  p: ListParams,
  sources: SourceList,
  points?: Point[],
  note?: string | null,
  unit?: string,
): SeriesBlock {
  if (!series) return { country: c.iso, series: null, unit: '', freq: p.to_freq ?? p.freq ?? '', observations: [], note: c.measureNote ?? '' };
  const observations = withProvenance(
    withStatus(
      (points ?? series.observations ?? [])
        .filter((o) => o.value !== null)
        .map((o) => (o.rate === undefined ? { period: o.period, value: o.value } : { period: o.period, value: o.value, rate: o.rate })),
      series.statuses,
    ),
    series,
    sources,
  );
  const notes = [note, series.windowNote, frequencyUnchangedNote(series.freq, p.to_freq)].filter(Boolean).join(' ');
  return {
    country: c.iso,
    series: series.id,
    name: series.name,
    unit: transformedUnit(unit ?? unitLabel(series), p.units),
    freq: outputFreq(series.freq, p.to_freq),
    observations,
    ...(notes ? { note: notes } : {}),
  };
}

/** Without `country`, only countries that hold the measure are listed (codes not present were rejected by heldCountries). */
function blocks(countries: (Country & { s: any })[], p: ListParams, make: (c: Country & { s: any }) => SeriesBlock): SeriesBlock[] {
  return countries.filter((c) => p.country !== undefined || c.s).map(make);
}

/** Capacity in units other than the headline's bed places: establishments, and hotels' bedrooms. */
const CAPACITY_UNIT_BREAKDOWN = 'unit';

export const measureRoutes = [
  defineRoute({
    path: '/v1/arrivals',
    summary: "Total visitor arrivals in each country's own headline definition.",
    params: {
      country: 'ISO codes, comma separated; all countries holding the measure when absent.',
      freq: 'M, Q or A: the total series of that frequency; the headline series when absent.',
    },
    csv: 'series',
    dataset: blocksDataset('ARRIVALS', 'Visitor arrivals'),
    operation: ArrivalSeriesDocument,
    shape: (r, p) => {
      const sources = new SourceList();
      const data = blocks(
        r.countries.nodes.map((c) => ({ ...c, s: c.measureSeries })),
        p,
        (c) => block(c, c.s, p, sources),
      );
      return { meta: { measure: 'arrivals', headline_rule: headlineRule(p), ...transformMeta(p, p.to_freq, { measure: 'arrivals', unit: 'arrivals' }), ...sourcesMeta(p, sources) }, data };
    },
  }),
  defineRoute({
    path: '/v1/capacity',
    summary: 'Open establishments, rooms and bed places by period.',
    description:
      "Per country, the headline capacity series (bed places in all tourist accommodation) first, then one block for each other unit held: establishments (all tourist accommodation) and bedrooms, which Eurostat publishes for hotels and similar accommodation only (series named so, alias `<iso>.capacity.unit-hotel-bedrooms.a`).",
    params: {
      country: 'ISO codes, comma separated; all countries holding the measure when absent.',
      freq: 'M, Q or A: the total series of that frequency; the headline series when absent.',
    },
    csv: 'series',
    dataset: blocksDataset('CAPACITY', 'Accommodation capacity'),
    operation: CapacitySeriesDocument,
    shape: (r, p) => {
      const sources = new SourceList();
      const data = r.countries.nodes
        .filter((c) => p.country !== undefined || c.measureSeries)
        .flatMap((c) => [
          block(c, c.measureSeries, p, sources),
          ...(c.measureSeries ? c.series.filter((s) => s.breakdown === CAPACITY_UNIT_BREAKDOWN).map((s) => block(c, s, p, sources)) : []),
        ]);
      return { meta: { measure: 'capacity', headline_rule: headlineRule(p), ...transformMeta(p, p.to_freq, { measure: 'capacity', unit: 'bed-places' }), ...sourcesMeta(p, sources) }, data };
    },
  }),
  defineRoute({
    path: '/v1/spend',
    summary: "Visitor spend in the publisher's currency, or converted at each period's reference rate.",
    params: {
      country: 'ISO codes, comma separated; all countries holding the measure when absent.',
      freq: 'M, Q or A: the total series of that frequency; the headline series when absent.',
      currency: 'ISO 4217 code to convert to.',
    },
    csv: 'series',
    dataset: blocksDataset('SPEND', 'Visitor spend'),
    operation: SpendSeriesDocument,
    // Spend is converted when a currency is asked for.
    computed: { convert: (p) => p.currency !== undefined },
    shape: (r, p) => {
      const currency = p.currency ?? null;
      let method: string | null = null;
      const sources = new SourceList();
      const data = blocks(
        r.countries.nodes.map((c) => ({ ...c, s: c.spend })),
        p,
        (c) => {
          if (!currency || !c.s) return block(c, c.s, p, sources);
          if (!c.s.converted) {
            return block(c, c.s, p, sources, undefined, `Returned as published: ${c.s.currency ?? 'this series'} cannot be converted to ${currency}.`);
          }
          method = c.s.converted.method;
          return block(c, c.s, p, sources, c.s.converted.observations, c.s.converted.note, unitLabel({ unit: currency, scale: c.s.scale }));
        },
      );
      return {
        meta: {
          measure: 'spend',
          currency,
          converted_at: currency ? method : null,
          headline_rule: headlineRule(p),
          ...transformMeta(p, p.to_freq, { measure: 'spend', unit: currency ?? 'money' }),
          ...sourcesMeta(p, sources),
        },
        data,
      };
    },
  }),
  defineRoute({
    path: '/v1/nights/by-region',
    summary: "Nights for each region inside a country, in the country's own regional units (NUTS 2).",
    params: {
      iso: 'ISO code of the country.',
      period: 'One period; the latest finished one when absent.',
    },
    csv: 'rows',
    operation: NightsByRegionDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      const b = r.country.byRegion;
      const meta = { country: r.country.iso, measure: 'nights', breakdown: 'region', period: b.period ?? null, freq: b.freq ?? null };
      const rows = b.rows.map((row) => ({ series: row.seriesId, name: `${row.name} (${row.code})`, unit: row.unit, value: row.value }));
      if (!p.provenance) return { meta, data: rows };
      const sources = new SourceList();
      const data = rows.map((row, i) => ({ ...row, ...provenanceColumns(sources, b.rows[i].provenance?.source, b.rows[i].provenance) }));
      return { meta: { ...meta, sources: sources.meta() }, data };
    },
  }),
];
