/**
 * What the national offices' monthly visitor-arrivals connectors share: the series they build (one
 * country's visitor arrivals, total or by origin), month names, grouped numbers and origin members.
 * Each office counts visitors in its own definition, and that visitor figure (not all border
 * movements) is what the connectors give as the country's arrivals total.
 */
import type { Breakdown, ParsedObservation, ParsedSeries } from '../../domain/types';

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** An English month name or its three letters ('January', 'jan') → 1..12; 0 when not a month. */
export function englishMonth(name: string): number {
  const key = name.trim().toLowerCase();
  if (key.length < 3) return 0;
  return MONTH_NAMES.findIndex((m) => m === key || (key.length === 3 && m.startsWith(key))) + 1;
}

/** '1,567,317' or '1567317' → 1567317; '' → null; anything else → NaN. */
export function parseGroupedNumber(cell: string): number | null {
  const t = cell.trim();
  if (t === '') return null;
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)$/.test(t)) return NaN;
  return Number(t.replace(/,/g, ''));
}

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const origin = (member: string): Breakdown => ({ dimension: 'origin', member });
/** A publisher's region of origin (a sum of countries): `origin-region-<name>`. */
export const originRegion = (name: string): Breakdown => origin(`region-${slug(name)}`);
/** Residents or nationals the publisher places in a region but in no country: `origin-other-<region>`. */
export const originOther = (region: string): Breakdown => origin(`other-${slug(region)}`);

/** One monthly visitor-arrivals series of `country` (alpha-2): observations sorted by period, from its first figure to its last. */
export function arrivalsSeries(
  country: string,
  table: string,
  breakdown: Breakdown | null,
  name: string,
  observations: ParsedObservation[],
  derived = false,
): ParsedSeries {
  return {
    country,
    measure: 'arrivals',
    breakdown,
    freq: 'M',
    unit: 'arrivals',
    currency: null,
    scale: null,
    table,
    names: { en: name },
    ...(derived ? { derived } : {}),
    observations: withinFigures([...observations].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0))),
  };
}

/** Months without a figure before the first figure and after the last are not part of a series. */
function withinFigures(observations: ParsedObservation[]): ParsedObservation[] {
  const first = observations.findIndex((o) => o.value !== null);
  if (first < 0) return [];
  const last = observations.findLastIndex((o) => o.value !== null);
  return observations.slice(first, last + 1);
}

/** Sums by key and month, for publishers whose rows are finer than the series served (state of entry, control point, route). */
export class MonthlySums {
  private readonly sums = new Map<string, Map<string, number>>();

  add(key: string, period: string, value: number): void {
    const months = this.sums.get(key) ?? new Map<string, number>();
    months.set(period, (months.get(period) ?? 0) + value);
    this.sums.set(key, months);
  }

  keys(): string[] {
    return [...this.sums.keys()];
  }

  /** The sums of one key as published observations, in period order. */
  observations(key: string, keep: (period: string) => boolean = () => true): ParsedObservation[] {
    return [...(this.sums.get(key) ?? new Map<string, number>())]
      .filter(([period]) => keep(period))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([period, value]) => ({ period, value, status: 'published', flags: '' }));
  }
}
