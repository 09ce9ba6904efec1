/** REST field names from GraphQL ones: values and types. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { snakeCase, snakeFields } from '../../rest/fields';

describe('snakeFields', () => {
  it('names fields as the answers do', () => {
    for (const [from, to] of [
      ['gdpGrowthPct', 'gdp_growth_pct'],
      ['vs2019Pct', 'vs_2019_pct'],
      ['vs3yrAvgPct', 'vs_3yr_avg_pct'],
      ['monthlyWithin2Months', 'monthly_within_2_months'],
      ['iso3', 'iso3'],
      ['lo80', 'lo80'],
      ['name', 'name'],
    ] as const) {
      expect(snakeCase(from)).toBe(to);
    }
    expectTypeOf(snakeCase('vs2019Pct')).toEqualTypeOf<'vs_2019_pct'>();
    expectTypeOf(snakeCase('monthlyWithin2Months')).toEqualTypeOf<'monthly_within_2_months'>();
    expectTypeOf(snakeCase('iso3')).toEqualTypeOf<'iso3'>();
  });

  it('keeps the order, renames only what it is told, and makes absent fields null', () => {
    const row: { year: number; gdpGrowthPct?: number | null; regionName?: string | null; populationM: number | null } = {
      year: 2019,
      gdpGrowthPct: undefined,
      regionName: 'Europe',
      populationM: null,
    };
    const out = snakeFields(row, { regionName: 'region' });
    expect(JSON.stringify(out)).toBe('{"year":2019,"gdp_growth_pct":null,"region":"Europe","population_m":null}');
    expectTypeOf(out).toEqualTypeOf<{ year: number; gdp_growth_pct: number | null; region: string | null; population_m: number | null }>();
  });
});
