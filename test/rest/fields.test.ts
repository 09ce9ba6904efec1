/** REST field names from GraphQL ones, and parameter types from their kinds: values and types. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { snakeCase, snakeFields } from '../../rest/fields';
import { defineParam, parseParam, type ParamsOf } from '../../rest/params';
import type { Freq, Measure } from '../../src/domain/types';

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

describe('parameter types', () => {
  it('follow the declared kind and required-ness', () => {
    const specs = [
      defineParam({ name: 'country', kind: 'isoList', description: '' }),
      defineParam({ name: 'freq', kind: 'freq', required: true, description: '' }),
      defineParam({ name: 'measure', kind: 'measure', description: '' }),
      defineParam({ name: 'format', kind: 'format', description: '' }),
    ] as const;
    expectTypeOf<ParamsOf<typeof specs>>().toEqualTypeOf<{
      country: string[] | undefined;
      freq: Freq;
      measure: Measure | undefined;
      format: 'json' | 'csv' | undefined;
    }>();
    expectTypeOf(parseParam(specs[1], 'M')).toEqualTypeOf<Freq>();
    expect(parseParam(specs[1], 'M')).toBe('M');
  });
});
