/**
 * What rivals are compared on, per country, and the choice of basis. similarity.ts scores; this
 * module builds comparable profiles and keeps like with like:
 *
 * 1. monthly origin mix: arrivals by origin country summed over the latest 12 months, compared
 *    only with countries whose 12-month window is the same months;
 * 2. UN Tourism arrivals by region of origin (annual): the target's latest year, compared only
 *    with other countries' mixes of that same year;
 * 3. season shape (origins unknown): the 12 seasonality indices of the monthly headline
 *    arrivals series, compared only with other monthly season shapes.
 *
 * The first basis that the target has and that yields at least one rival is used.
 */
import { seasonality } from './seasonality';
import { addMonths } from './periods';
import { type PeriodValue, valuesByPeriod } from './series';
import { type Rival, rivals } from './similarity';

export type Mix = Record<string, number>;

export interface CountryProfile {
  country: string;
  /** Origin country (ISO code) → arrivals over `window`. */
  monthlyMix: { window: string; mix: Mix } | null;
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

export type RivalBasis = 'monthly-origins' | 'annual-regions' | 'season';

export interface RivalChoice {
  basis: RivalBasis | null;
  /** The window or year compared, e.g. '2016-02..2017-01' or '2021'. */
  period: string | null;
  rivals: (Rival & { source: string })[];
}

/** UN Tourism regions-of-origin members that are not a market shared between destinations. */
const NOT_A_MARKET = new Set(['other-not-classified', 'nationals-residing-abroad']);
const WINDOW = 12;

/**
 * Origin countries (two-letter members only: the publishers' regional subtotals and "other"
 * rows would double count or are not shared markets) summed over the 12 months ending at the
 * newest month in which the most origins report; origins without all 12 months are left out.
 */
export function monthlyOriginMix(series: readonly OriginSeries[]): { window: string; mix: Mix } | null {
  const origins = series
    .filter((s) => /^[a-z]{2}$/.test(s.member))
    .map((s) => ({ origin: s.member.toUpperCase(), values: valuesByPeriod(s.observations, 'M') }));
  const counts = new Map<string, number>();
  for (const o of origins) for (const month of o.values.keys()) counts.set(month, (counts.get(month) ?? 0) + 1);
  if (counts.size === 0) return null;
  const most = Math.max(...counts.values());
  const end = [...counts.entries()].filter(([, n]) => n === most).map(([m]) => m).sort().at(-1)!;
  const months = Array.from({ length: WINDOW }, (_, i) => addMonths(end, i - WINDOW + 1));
  const mix: Mix = {};
  for (const o of origins) {
    const values = months.map((m) => o.values.get(m));
    if (values.every((v) => v !== undefined)) mix[o.origin] = values.reduce((a, b) => a! + b!, 0)!;
  }
  return Object.keys(mix).length ? { window: `${months[0]}..${end}`, mix } : null;
}

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

  if (target.monthlyMix) {
    const window = target.monthlyMix.window;
    const candidates = others.filter((p) => p.monthlyMix?.window === window);
    const found = rivals(
      { country: target.country, mix: target.monthlyMix.mix },
      candidates.map((p) => ({ country: p.country, mix: p.monthlyMix!.mix })),
      max,
    );
    const source = `Arrivals by origin country over the latest 12 months, ${window.replace('..', ' to ')}.`;
    if (found.length) return { basis: 'monthly-origins', period: window, rivals: found.map((r) => ({ ...r, source })) };
  }

  const year = latestYear(target.regionMixes);
  if (year !== null) {
    const candidates = others.filter((p) => p.regionMixes.has(year));
    const found = rivals(
      { country: target.country, mix: target.regionMixes.get(year)! },
      candidates.map((p) => ({ country: p.country, mix: p.regionMixes.get(year)! })),
      max,
    );
    const source = `UN Tourism arrivals by region of origin, ${year} (the latest year held for ${target.country}; both countries' mixes of that year).`;
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
