/**
 * Regional totals: the sum of the member countries' own headline series, period by period.
 * Values are multiplied by each series' scale factor first (e.g. 1000 for 'thousands') so that
 * countries publishing in different scales add up; sums are rounded to 3 decimals to drop
 * floating-point noise. Countries are not interpolated: a period counts whoever reported it,
 * and `countriesReporting` says how many, so periods with fewer countries are visibly not
 * comparable. The caller passes series of one frequency (periods are grouped by their label).
 */
import { compareCodes, round } from './numeric';
import { noSourceNote } from './measure-sources';
import { FREQ_WORDS } from './series-search';
import { FREQS } from './types';
import type { PeriodValue } from './series';

export interface CountrySeries {
  country: string;
  /** Multiplier that turns the published values into units. */
  scaleFactor: number;
  observations: readonly PeriodValue[];
}

export interface RegionalTotalRow {
  period: string;
  value: number;
  countriesReporting: number;
}

export interface RegionalTotals {
  rows: RegionalTotalRow[];
  /** ISO codes that contributed at least one value, ascending. */
  countries: string[];
}

export function regionalTotals(countrySeries: readonly CountrySeries[]): RegionalTotals {
  const totals = new Map<string, { value: number; reporting: Set<string> }>();
  const contributing = new Set<string>();
  for (const series of countrySeries) {
    for (const { period, value } of series.observations) {
      if (value === null || !Number.isFinite(value)) continue;
      const total = totals.get(period) ?? { value: 0, reporting: new Set<string>() };
      total.value += value * series.scaleFactor;
      total.reporting.add(series.country);
      totals.set(period, total);
      contributing.add(series.country);
    }
  }
  const rows = [...totals.entries()]
    .sort(([a], [b]) => compareCodes(a, b))
    .map(([period, total]) => ({ period, value: round(total.value, 3), countriesReporting: total.reporting.size }));
  return { rows, countries: [...contributing].sort(compareCodes) };
}

const wordsOfFreq = (freq: string): string => {
  const known = FREQS.find((f) => f === freq);
  return known ? FREQ_WORDS[known] : freq;
};

/**
 * What a region's totals are, in words: the kind of series summed and how to read periods with
 * fewer countries, or why nothing adds up (no summable headline series; no source for the measure).
 */
export function regionalTotalsNote(totals: { region: string; measure: string; freq: string | null; leftOut: readonly string[] }): string {
  const { region, measure, freq, leftOut } = totals;
  if (!freq) {
    return [`No country in ${region} has a headline ${measure} series that adds up across countries (rates, such as occupancy in percent, are never summed).`, noSourceNote(measure)]
      .filter(Boolean)
      .join(' ');
  }
  return (
    `Sum of the countries' ${wordsOfFreq(freq)} headline ${measure} series (the most common frequency among them), in units with the publishers' scales applied. ` +
    'Each period adds only the countries that reported it (countries_reporting); periods with fewer countries reporting are not comparable with the others.' +
    (leftOut.length ? ` Left out, headline series of another frequency, unit or currency: ${leftOut.join(', ')}.` : '')
  );
}
