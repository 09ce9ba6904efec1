/**
 * Applies the derivation rules of src/domain/derivation.ts to the series of a release, once, at
 * ingest: totals of complete breakdowns the publisher gives without their total, then annual figures
 * from complete months. A computed figure only fills a period the publisher gives no figure for,
 * in a series of the same concept; each is marked with its rule, and its series names the rule and
 * the series it was computed from.
 */
import {
  annualFigures,
  DERIVATION_RULES,
  isRateUnit,
  sumOfParts,
  type DerivationResult,
  type DerivationRule,
} from '../domain/derivation';
import { isRepresentative } from '../domain/headline';
import { scaleFactor } from '../domain/scale';
import type { Freq, Measure, ObsStatus, ParsedObservation } from '../domain/types';
import { seriesIdOf } from './identifiers';
import type { SeriesRow } from './write-release';

/** A breakdown whose complete parts add up to a total of the same concept as the target series. */
export interface PartitionSpec {
  id: string;
  /** What the parts are, in words (the coverage report and the methodology name it). */
  title: string;
  measure: Measure;
  freq: Freq;
  dimension: string;
  /** The publisher's member codes of the classification, or every member its tables give. */
  members: readonly string[] | 'all';
  /** Tables the parts come from. */
  tables: readonly string[];
  /** Members left out of the parts: subtotals of other members. */
  exclude?: readonly string[];
  /** Member → the members it is the sum of (a breakdown holding both is rejected). */
  subtotals?: Readonly<Record<string, readonly string[]>>;
  /** The total's breakdown (null: the publisher's total), in the same measure and frequency. */
  target: { dimension: string; member: string } | null;
  /** Whether a target series the files do not give may be made of computed figures alone. */
  createTarget: boolean;
  /** Words for the created series' name. */
  targetName?: string;
}

/** Publisher codes of UN Tourism's regions of origin (partner areas 10000–70000), which partition its world total. */
const UN_TOURISM_REGIONS_OF_ORIGIN = ['africa', 'americas', 'east-asia-pacific', 'europe', 'middle-east', 'south-asia', 'other-not-classified'];

export const PARTITIONS: readonly PartitionSpec[] = [
  {
    id: 'unwto-regions-of-origin',
    title: "UN Tourism's arrivals of overnight visitors by region of origin (the seven regions, not classified included)",
    measure: 'arrivals',
    freq: 'A',
    dimension: 'origin',
    members: UN_TOURISM_REGIONS_OF_ORIGIN,
    tables: ['unwto_inbound_regions'],
    target: { dimension: 'type', member: 'overnight' },
    createTarget: false,
  },
  {
    id: 'jnto-nationalities',
    title: "JNTO's visitor arrivals by nationality (every column, without Middle East, the sum of Israel, Türkiye and GCC)",
    measure: 'arrivals',
    freq: 'M',
    dimension: 'origin',
    members: 'all',
    tables: ['jnto_visitors_by_nationality'],
    exclude: ['region-middle-east'],
    subtotals: { 'region-middle-east': ['il', 'tr', 'region-gcc'] },
    target: null,
    createTarget: false,
  },
  {
    id: 'unwto-nights-by-residence',
    title: "UN Tourism's overnights in commercial accommodation of residents and of non-residents",
    measure: 'nights',
    freq: 'A',
    dimension: 'residence',
    members: ['domestic', 'foreign'],
    tables: ['unwto_domestic_accommodation', 'unwto_inbound_accommodation'],
    target: null,
    createTarget: true,
    targetName: 'Overnights of residents and non-residents in commercial accommodation (sum of the two)',
  },
  {
    id: 'unwto-hotel-nights-by-residence',
    title: "UN Tourism's overnights in hotels and similar establishments of residents and of non-residents",
    measure: 'nights',
    freq: 'A',
    dimension: 'residence',
    members: ['domestic-in-hotels', 'foreign-in-hotels'],
    tables: ['unwto_domestic_accommodation', 'unwto_inbound_accommodation'],
    target: { dimension: 'accommodation', member: 'hotels' },
    createTarget: true,
    targetName: 'Overnights of residents and non-residents in hotels and similar establishments (sum of the two)',
  },
];

/** Why a rule computed nothing for a country, for the coverage report. */
export interface DerivationOutcome {
  country: string;
  rule: string;
  /** The kind of rule the outcome is of. */
  derivation: DerivationRule;
  target: string;
  result: DerivationResult;
}

const STATUS_ORDER: readonly ObsStatus[] = ['published', 'provisional', 'estimated'];

/** The least final status of the figures a computed one comes from (provisional parts give a provisional total). */
function combinedStatus(statuses: readonly ObsStatus[]): ObsStatus {
  return statuses.reduce<ObsStatus>((worst, s) => (STATUS_ORDER.indexOf(s) > STATUS_ORDER.indexOf(worst) ? s : worst), 'published');
}

function aliasStem(country: string, measure: string, target: PartitionSpec['target']): string {
  return `${country.toLowerCase()}.${measure}.${target ? `${target.dimension}-${target.member}` : 'total'}`;
}

const freqSuffix = (freq: Freq) => freq.toLowerCase();

/**
 * Puts computed figures into a series: the first computed figure that follows one of the publisher's
 * (a change of source inside the series) is marked as a break; the series names the rule and its inputs.
 */
function fill(target: SeriesRow, figures: Array<{ period: string; value: number; status: ObsStatus }>, rule: DerivationRule, from: readonly string[]): void {
  if (figures.length === 0) return;
  const byPeriod = new Map(target.observations.map((o) => [o.period, o]));
  for (const f of figures) {
    const obs: ParsedObservation = { period: f.period, value: f.value, status: f.status, flags: '', derivation: rule };
    byPeriod.set(f.period, obs);
  }
  const observations = [...byPeriod.values()].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  let previous: ParsedObservation | undefined;
  for (const o of observations) {
    if (o.value === null) continue;
    if (o.derivation && previous && !previous.derivation) o.status = 'break';
    previous = o;
  }
  target.observations = observations;
  const rules = new Set([...(target.derivationRule ? [target.derivationRule] : []), DERIVATION_RULES[rule]]);
  target.derivationRule = [...rules].join(' ');
  target.derivedFrom = [...new Set([...(target.derivedFrom ?? []), ...from])];
}

function newTarget(parts: readonly SeriesRow[], alias: string, spec: PartitionSpec | null, like: SeriesRow, freq: Freq, name: string): SeriesRow {
  return {
    id: seriesIdOf(alias),
    alias,
    country: like.country,
    measure: like.measure,
    breakdown: spec ? (spec.target?.dimension ?? null) : like.breakdown,
    member: spec ? (spec.target?.member ?? null) : like.member,
    freq,
    unit: like.unit,
    currency: like.currency,
    scale: like.scale,
    table: parts[0].table,
    headline: false,
    derived: true,
    names: { en: name },
    observations: [],
    searchText: like.searchText,
    derivationRule: null,
    derivedFrom: null,
  };
}

/** Totals from complete breakdowns; returns each country's outcome of each rule. */
export function deriveTotals(series: SeriesRow[], specs: readonly PartitionSpec[] = PARTITIONS): DerivationOutcome[] {
  const byAlias = new Map(series.map((s) => [s.alias, s]));
  const outcomes: DerivationOutcome[] = [];
  for (const spec of specs) {
    const candidates = series.filter(
      (s) =>
        s.measure === spec.measure &&
        s.freq === spec.freq &&
        s.breakdown === spec.dimension &&
        s.member !== null &&
        spec.tables.includes(s.table) &&
        (spec.members === 'all' || spec.members.includes(s.member)),
    );
    const byCountry = new Map<string, SeriesRow[]>();
    for (const s of candidates) byCountry.set(s.country, [...(byCountry.get(s.country) ?? []), s]);
    for (const [country, all] of byCountry) {
      const parts = all.filter((s) => !(spec.exclude ?? []).includes(s.member!));
      const alias = `${aliasStem(country, spec.measure, spec.target)}.${freqSuffix(spec.freq)}`;
      let target = byAlias.get(alias);
      if (!target && !spec.createTarget) continue;
      const result = sumOfParts(
        target?.observations ?? [],
        parts.map((p) => ({ member: p.member!, figures: p.observations })),
        spec.subtotals,
      );
      outcomes.push({ country, rule: spec.id, derivation: 'sum-of-parts', target: alias, result });
      if (!result.ok || result.figures.length === 0) continue;
      if (!target) {
        target = newTarget(parts, alias, spec, parts[0], spec.freq, spec.targetName ?? spec.title);
        series.push(target);
        byAlias.set(alias, target);
      }
      const statusOf = (period: string) =>
        combinedStatus(parts.map((p) => p.observations.find((o) => o.period === period)?.status ?? 'published'));
      fill(target, result.figures.map((f) => ({ ...f, status: statusOf(f.period) })), 'sum-of-parts', parts.map((p) => p.id));
    }
  }
  return outcomes;
}

/**
 * Annual figures from complete months, for the series a headline may be made of: into the annual
 * series of the same alias when the files give one (checked against it), or a new one.
 */
export function deriveAnnuals(series: SeriesRow[]): DerivationOutcome[] {
  const byAlias = new Map(series.map((s) => [s.alias, s]));
  const outcomes: DerivationOutcome[] = [];
  for (const monthly of series.filter((s) => s.freq === 'M' && isRepresentative(s))) {
    const alias = monthly.alias.replace(/\.m$/, '.a');
    const how = isRateUnit(monthly.unit) ? 'mean' : 'sum';
    let annual = byAlias.get(alias);
    if (annual && (annual.unit !== monthly.unit || annual.currency !== monthly.currency)) continue;
    // Months in units against a year in thousands (JNTO's counts, UN Tourism's): the months are put in the year's scale.
    const factor = annual ? scaleFactor(monthly.scale) / scaleFactor(annual.scale) : 1;
    const months = factor === 1 ? monthly.observations : monthly.observations.map((o) => ({ ...o, value: o.value === null ? null : o.value * factor }));
    const result = annualFigures(annual?.observations ?? [], months, how);
    const rule = how === 'sum' ? 'annual-sum' : 'annual-mean';
    outcomes.push({ country: monthly.country, rule, derivation: rule, target: alias, result });
    if (!result.ok || result.figures.length === 0) continue;
    if (!annual) {
      annual = newTarget([monthly], alias, null, monthly, 'A', `${monthly.names.en ?? monthly.alias}, annual (${how} of the months)`);
      series.push(annual);
      byAlias.set(alias, annual);
    }
    const statusOf = (year: string) =>
      combinedStatus(monthly.observations.filter((o) => o.period.startsWith(`${year}-`)).map((o) => o.status));
    fill(annual, result.figures.map((f) => ({ ...f, status: statusOf(f.period) })), how === 'sum' ? 'annual-sum' : 'annual-mean', [monthly.id]);
  }
  return outcomes;
}
