/**
 * What rivals are compared on, per country, and the choice of basis. similarity.ts scores; this
 * module builds comparable profiles and keeps like with like. The richest origin data present for
 * the target decides:
 *
 * 1. countries of origin (annual): trips of EU/EFTA residents by country of destination
 *    (Eurostat's household-survey matrix) and the national offices' monthly arrivals by origin (JNTO, NTTO, …) summed over whole
 *    calendar years; per country and year the mix listing the most markets. The target's newest
 *    year is compared with other countries' mixes of that same year, over the markets both list
 *    (at least MIN_MARKETS_COMPARED); where no candidate qualifies, the year before, and so on;
 * 2. UN Tourism arrivals by region of origin (annual), only where no country-of-origin mix
 *    yields a rival: the target's latest year, compared with other countries' mixes of that year;
 * 3. season shape (origins unknown): the 12 seasonality indices of the monthly headline
 *    arrivals series, compared only with other monthly season shapes.
 *
 * The first basis that the target has and that yields at least one rival is used.
 */
import { MIN_ORIGIN_MARKETS } from './origin-breakdown';
import { seasonality } from './seasonality';
import { monthPeriod } from './periods';
import { type PeriodValue, sumOfPeriods, valuesByPeriod } from './series';
import { type Rival, rivals } from './similarity';

export type Mix = Record<string, number>;

/** A country-of-origin mix and the data it comes from, in words. */
export interface SourcedMix {
  mix: Mix;
  source: string;
}

export interface CountryProfile {
  country: string;
  /** Year → origin country (ISO code) → visitors, from the richest source for that year. */
  countryMixes: ReadonlyMap<number, SourcedMix>;
  /** Year → region of origin → arrivals. */
  regionMixes: ReadonlyMap<number, Mix>;
  /** The 12 seasonality indices (January first) and the complete years behind them. */
  season: { indices: number[]; years: string[] } | null;
}

export interface OriginSeries {
  /** Breakdown member, e.g. 'us' or 'europe'. */
  member: string;
  observations: readonly PeriodValue[];
}

export type RivalBasis = 'origin-countries' | 'annual-regions' | 'season';

export interface RivalChoice {
  basis: RivalBasis | null;
  /** The year compared, e.g. '2023'. */
  period: string | null;
  rivals: (Rival & { source: string })[];
}

/** Fewer markets than this in common make an overlap of a handful of large markets, not a profile. */
export const MIN_MARKETS_COMPARED = MIN_ORIGIN_MARKETS;

const COUNTRY_CODE = /^[a-z]{2}$/;

/**
 * Year → origin country → value, from annual breakdowns by origin country. Two-letter members
 * only: the publishers' regional subtotals and "other" rows would double count.
 */
export function annualCountryMixes(series: readonly OriginSeries[]): Map<number, Mix> {
  const byYear = new Map<number, Mix>();
  for (const s of series) {
    if (!COUNTRY_CODE.test(s.member)) continue;
    for (const [period, value] of valuesByPeriod(s.observations, 'A')) {
      if (!(value > 0)) continue;
      const year = Number(period);
      const mix = byYear.get(year) ?? {};
      mix[s.member.toUpperCase()] = value;
      byYear.set(year, mix);
    }
  }
  return byYear;
}

/** Year → origin country → value summed over the 12 months, from monthly breakdowns; whole years only. */
export function calendarYearMixes(series: readonly OriginSeries[]): Map<number, Mix> {
  const byYear = new Map<number, Mix>();
  for (const s of series) {
    if (!COUNTRY_CODE.test(s.member)) continue;
    const values = valuesByPeriod(s.observations, 'M');
    const years = new Set([...values.keys()].map((m) => Number(m.slice(0, 4))));
    for (const year of years) {
      const total = sumOfPeriods(values, Array.from({ length: 12 }, (_, i) => monthPeriod(year, i + 1)));
      if (total === null || !(total > 0)) continue;
      const mix = byYear.get(year) ?? {};
      mix[s.member.toUpperCase()] = total;
      byYear.set(year, mix);
    }
  }
  return byYear;
}

/** Per year, the mix that lists the most markets (the first source given on a tie). */
export function richestMixes(...sources: { mixes: ReadonlyMap<number, Mix>; source: string }[]): Map<number, SourcedMix> {
  const best = new Map<number, SourcedMix>();
  for (const { mixes, source } of sources) {
    for (const [year, mix] of mixes) {
      const current = best.get(year);
      if (!current || Object.keys(mix).length > Object.keys(current.mix).length) best.set(year, { mix, source });
    }
  }
  return best;
}

/** UN Tourism regions-of-origin members that are not a market shared between destinations. */
const NOT_A_MARKET = new Set(['other-not-classified', 'nationals-residing-abroad']);
/** Year → region → arrivals, from UN Tourism's annual arrivals by region of origin. */
export function regionMixes(series: readonly OriginSeries[]): Map<number, Mix> {
  const byYear = new Map<number, Mix>();
  for (const s of series) {
    if (NOT_A_MARKET.has(s.member)) continue;
    for (const [period, value] of valuesByPeriod(s.observations, 'A')) {
      if (!(value > 0)) continue;
      const year = Number(period);
      const mix = byYear.get(year) ?? {};
      mix[s.member] = value;
      byYear.set(year, mix);
    }
  }
  return byYear;
}

export function seasonShape(observations: readonly PeriodValue[]): CountryProfile['season'] {
  const s = seasonality(observations);
  return s.rows.length === 12 ? { indices: s.rows.map((r) => r.index), years: s.years } : null;
}

function latestYear(mixes: ReadonlyMap<number, Mix>): number | null {
  return mixes.size ? Math.max(...mixes.keys()) : null;
}

/** Rivals of `target` among `profiles` on the first basis that yields any. */
export function chooseRivals(target: CountryProfile, profiles: readonly CountryProfile[], max = 6): RivalChoice {
  const others = profiles.filter((p) => p.country !== target.country);

  for (const year of [...target.countryMixes.keys()].sort((x, y) => y - x)) {
    const own = target.countryMixes.get(year)!;
    const candidates = others.filter((p) => p.countryMixes.has(year));
    const found = rivals(
      { country: target.country, mix: own.mix },
      candidates.map((p) => ({ country: p.country, mix: p.countryMixes.get(year)!.mix })),
      max,
      { commonMarketsOnly: true, minMarkets: MIN_MARKETS_COMPARED },
    );
    if (found.length === 0) continue;
    const sourceOf = new Map(candidates.map((p) => [p.country, p.countryMixes.get(year)!.source]));
    return {
      basis: 'origin-countries',
      period: String(year),
      rivals: found.map((r) => {
        const theirs = sourceOf.get(r.country)!;
        const data = theirs === own.source ? `${own.source}, ${year}, for both` : `${own.source} for ${target.country} and ${theirs} for ${r.country}, ${year}`;
        return { ...r, source: `Countries of origin: ${data}.` };
      }),
    };
  }

  const year = latestYear(target.regionMixes);
  if (year !== null) {
    const candidates = others.filter((p) => p.regionMixes.has(year));
    const found = rivals(
      { country: target.country, mix: target.regionMixes.get(year)! },
      candidates.map((p) => ({ country: p.country, mix: p.regionMixes.get(year)! })),
      max,
    );
    const source = `UN Tourism arrivals by region of origin, ${year} (the latest year held for ${target.country}; both countries' mixes of that year; no country-of-origin data compares).`;
    if (found.length) return { basis: 'annual-regions', period: String(year), rivals: found.map((r) => ({ ...r, source })) };
  }

  if (target.season) {
    const candidates = others.filter((p) => p.season);
    const found = rivals(
      { country: target.country, mix: {}, season: target.season.indices },
      candidates.map((p) => ({ country: p.country, mix: {}, season: p.season!.indices })),
      max,
    );
    const years = target.season.years;
    const source = `Season shape of monthly arrivals (median over complete years ${years[0]}–${years.at(-1)}), compared with other monthly season shapes.`;
    if (found.length) return { basis: 'season', period: null, rivals: found.map((r) => ({ ...r, source })) };
  }

  return { basis: null, period: null, rivals: [] };
}
