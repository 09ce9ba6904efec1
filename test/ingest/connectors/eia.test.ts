import { describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../../helpers/paths';
import {
  EIA_TABLES,
  excelSerialToIsoDate,
  loadEia,
  parseMonthlyCsv,
  readWeeklyJetFuel,
  weeklyToMonthly,
} from '../../../src/ingest/connectors/eia';
import type { RejectedRow } from '../../../src/domain/types';

describe('EIA parsing helpers', () => {
  it('reads monthly CSVs dated on the 15th or the 1st', () => {
    const FIXTURE_DATAHUB_MONTHLY = 'Date,Price\r\n1987-05-15,18.58\r\n1987-06-15,18.86\r\n1987-07-15,\r\n';
    const FIXTURE_FRED_MONTHLY = '"Date","MJFUELUSGULF"\n2023-11-01,2.734\n';
    const rejected: RejectedRow[] = [];
    expect(parseMonthlyCsv(FIXTURE_DATAHUB_MONTHLY, 'brent', 't', rejected)).toEqual([
      { code: 'brent', period: '1987-05', value: 18.58, derived: false },
      { code: 'brent', period: '1987-06', value: 18.86, derived: false },
    ]);
    expect(rejected).toHaveLength(1); // the empty price
    expect(parseMonthlyCsv(FIXTURE_FRED_MONTHLY, 'jet_fuel', 't', [])).toEqual([
      { code: 'jet_fuel', period: '2023-11', value: 2.734, derived: false },
    ]);
  });

  it('converts Excel serial dates', () => {
    expect(excelSerialToIsoDate(32969)).toBe('1990-04-06');
    expect(excelSerialToIsoDate(45982)).toBe('2025-11-21');
  });

  it('averages weeks over the weekdays of each month and keeps only whole months', () => {
    // Fridays of Dec 2023 and the first of Jan 2024: week ending Dec 1 has 4 weekdays in November.
    const FIXTURE_WEEKS = [
      { weekEnding: '2023-12-01', value: 2.0 },
      { weekEnding: '2023-12-08', value: 3.0 },
      { weekEnding: '2023-12-15', value: 3.0 },
      { weekEnding: '2023-12-22', value: 3.0 },
      { weekEnding: '2023-12-29', value: 4.0 },
      { weekEnding: '2024-01-05', value: 5.0 },
    ];
    // Dec 2023: 21 weekdays = 1×2 (Fri 1st) + 15×3 + 5×4 → 67/21; January is incomplete, November too.
    expect(weeklyToMonthly(FIXTURE_WEEKS)).toEqual([{ period: '2023-12', value: Math.round((67 / 21) * 10_000) / 10_000 }]);
  });
});

describe('loadEia (real files)', () => {
  const out = loadEia(SOURCES_DIR);
  const prices = (code: string) => out.prices!.filter((p) => p.code === code);

  it('reads Brent and WTI monthly averages', () => {
    expect(prices('brent')).toHaveLength(471);
    expect(prices('brent')[0]).toEqual({ code: 'brent', period: '1987-05', value: 18.58, derived: false });
    expect(prices('wti')).toHaveLength(487);
    expect(prices('wti')[0]).toEqual({ code: 'wti', period: '1986-01', value: 22.93, derived: false });
    expect(prices('wti').at(-1)?.period).toBe('2026-07');
  });

  it('uses the published jet fuel months to 2023-11, then whole months derived from the weekly file', () => {
    const jet = prices('jet_fuel');
    const published = jet.filter((p) => !p.derived);
    const derived = jet.filter((p) => p.derived);
    expect(published).toHaveLength(404);
    expect(published.at(-1)).toEqual({ code: 'jet_fuel', period: '2023-11', value: 2.734, derived: false });
    expect(derived[0].period).toBe('2023-12');
    // The weekly file ends on Friday 2025-11-21: November 2025 is incomplete and left out.
    expect(derived.at(-1)?.period).toBe('2025-10');
    expect(derived).toHaveLength(23);
    expect(new Set(jet.map((p) => p.period)).size).toBe(jet.length);
    for (const p of derived) expect(p.value).toBeGreaterThan(1.5);
  });

  it('derives months within a cent of the published ones where both exist (the rule, checked on 1990–2023)', () => {
    const published = new Map(prices('jet_fuel').filter((p) => !p.derived).map((p) => [p.period, p.value]));
    const derived = weeklyToMonthly(readWeeklyJetFuel(SOURCES_DIR, [])).filter((m) => published.has(m.period));
    expect(derived.length).toBeGreaterThan(400);
    const meanError = derived.reduce((sum, m) => sum + Math.abs(m.value - published.get(m.period)!), 0) / derived.length;
    expect(meanError).toBeLessThan(0.005);
  });

  it('describes the four files with official URLs and rejects nothing', () => {
    expect(out.tables).toEqual(EIA_TABLES);
    expect(out.tables.map((t) => t.file)).toEqual([
      'eia_oil/brent-monthly.csv',
      'eia_oil/wti-monthly.csv',
      'eia_jetfuel/MJFUELUSGULF.csv',
      'eia_jetfuel/EER_EPJK_PF4_RGC_DPGw.xls',
    ]);
    expect(out.tables[3].url).toBe('https://www.eia.gov/dnav/pet/hist_xls/EER_EPJK_PF4_RGC_DPGw.xls');
    expect(out.rejected).toEqual([]);
  });
});
