import { describe, expect, it } from 'vitest';
import { economyYears, yearRuns, type IndicatorRow } from '../../src/domain/economy';

const row = (indicator: string, year: number, value: number, projection = false): IndicatorRow => ({ indicator, year, value, projection });

const rows: IndicatorRow[] = [
  // 2023: World Bank growth and the IMF's differ: the Bank wins.
  row('NY.GDP.MKTP.KD.ZG', 2023, 1.43921),
  row('WEO:gdp_growth_pct', 2023, 1.12),
  row('SP.POP.TOTL', 2023, 68372286),
  row('NY.GDP.MKTP.CD', 2023, 3056250648138.29),
  // 2023 unemployment only from the IMF (an estimate, not a projection).
  row('WEO:unemployment_pct', 2023, 7.35),
  // 2024: current account only in US$ → ratio to GDP: 2690421226.68 / 3160442622465.08 × 100 = 0.08513…
  row('NY.GDP.MKTP.CD', 2024, 3160442622465.08),
  row('BN.CAB.XOKA.CD', 2024, 2690421226.68),
  row('SP.POP.TOTL', 2024, 68551653),
  // 2025: a Bank population beside an IMF projection → the row is a projection.
  row('SP.POP.TOTL', 2025, 68720337),
  row('WEO:gdp_growth_pct', 2025, 1.056, true),
  // 2026: IMF only.
  row('WEO:gdp_growth_pct', 2026, 1.348, true),
  row('WEO:inflation_eop_pct', 2026, 1.964, true),
];

describe('economyYears', () => {
  const { years, note } = economyYears(rows);

  it('lists years newest first, the Bank first and the IMF for what it lacks', () => {
    expect(years.map((y) => y.year)).toEqual([2026, 2025, 2024, 2023]);
    const y2023 = years.find((y) => y.year === 2023)!;
    expect(y2023).toMatchObject({ projection: false, gdpGrowthPct: 1.439, unemploymentPct: 7.35, populationM: 68.372, gdpUsdBn: 3056.251 });
  });

  it('flags a row holding any IMF projection', () => {
    expect(years.find((y) => y.year === 2025)).toMatchObject({ projection: true, gdpGrowthPct: 1.056, populationM: 68.72 });
    expect(years.find((y) => y.year === 2026)).toMatchObject({ projection: true, inflationPct: 1.964, gdpUsdBn: null });
    expect(years.find((y) => y.year === 2024)!.projection).toBe(false);
  });

  it('computes the current account share from US$ figures when the Bank gives no share', () => {
    expect(years.find((y) => y.year === 2024)!.currentAccountPctGdp).toBe(0.085);
  });

  it('says in the note what was filled', () => {
    expect(note).toContain('From the IMF: gdp_growth_pct (2025–2026); inflation_pct (2026); unemployment_pct (2023)');
    expect(note).toContain('both World Bank: current_account_pct_gdp (2024)');
  });

  it('keeps years from `fromYear` on', () => {
    expect(economyYears(rows, 2025).years.map((y) => y.year)).toEqual([2026, 2025]);
  });

  it('says so when nothing is held', () => {
    expect(economyYears(rows, 2030)).toEqual({ years: [], note: expect.stringContaining('No economy indicator is held for this country from 2030.') });
  });

  it('writes year runs', () => {
    expect(yearRuns([2026, 2021, 2024, 2025])).toBe('2021, 2024–2026');
  });
});
