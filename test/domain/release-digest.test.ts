import { describe, expect, it } from 'vitest';
import { digestRelease, releaseDigests, releasesAfter, type LoggedRelease } from '../../src/domain/release-digest';

const series = (id: string, country: string, measure: string, periodReached: string, newFigures: number, revisedFigures = 0) => ({
  id,
  country,
  measure,
  periodReached,
  newFigures,
  revisedFigures,
});

const march: LoggedRelease = {
  version: '20260315T060000Z',
  loadedAt: '2026-03-15T06:00:00.000Z',
  series: [
    series('a', 'ES', 'arrivals', '2026-01', 3),
    // Spain's annual series ends in 2025: its month 2026-01 is later than the year 2025.
    series('b', 'ES', 'nights', '2025', 1, 2),
    series('c', 'MT', 'nights', '2025-Q4', 0, 1),
    // A series with no value at all reaches nothing.
    series('d', 'MT', 'spend', '', 0, 1),
  ],
};
const april: LoggedRelease = { version: '20260401T060000Z', loadedAt: '2026-04-01T06:00:00.000Z', series: [series('c', 'MT', 'nights', '2026-Q1', 1)] };

describe('digestRelease', () => {
  it('tells a release by country, each reaching its newest period, with the figures summed', () => {
    // ES: 2026-01 ends in month 1 of 2026, 2025 in month 12 of 2025 → 2026-01. MT: 2025-Q4, and '' counts as nothing.
    // New figures 3 + 1 + 0 + 0 = 4; revised 0 + 2 + 1 + 1 = 4.
    const d = digestRelease(march)!;
    expect(d.countries.map((c) => [c.iso, c.periodReached, c.series.map((s) => s.id)])).toEqual([
      ['ES', '2026-01', ['a', 'b']],
      ['MT', '2025-Q4', ['c', 'd']],
    ]);
    expect([d.seriesUpdated, d.newFigures, d.revisedFigures, d.publishedAt]).toEqual([4, 4, 4, '2026-03-15T06:00:00.000Z']);
  });

  it("keeps only the countries asked for, and is null for a release that touched none of them", () => {
    const d = digestRelease(march, ['MT'])!;
    expect(d.countries.map((c) => c.iso)).toEqual(['MT']);
    expect([d.seriesUpdated, d.newFigures, d.revisedFigures]).toEqual([2, 0, 2]);
    expect(digestRelease(april, ['ES'])).toBeNull();
  });

  it('gives null as the period of a country none of whose series holds a value', () => {
    expect(digestRelease({ ...march, series: [series('d', 'MT', 'spend', '', 0, 1)] })!.countries[0].periodReached).toBeNull();
  });
});

describe('releaseDigests', () => {
  it('lists the newest release first, and with a country only the releases that touched it', () => {
    expect(releaseDigests([march, april]).map((d) => d.version)).toEqual([april.version, march.version]);
    expect(releaseDigests([march, april], ['ES']).map((d) => d.version)).toEqual([march.version]);
  });
});

describe('releasesAfter', () => {
  it('gives the releases newer than the last announced, oldest first', () => {
    expect(releasesAfter([april, march], '20260301T000000Z').map((r) => r.version)).toEqual([march.version, april.version]);
    expect(releasesAfter([april, march], march.version).map((r) => r.version)).toEqual([april.version]);
    expect(releasesAfter([april, march], april.version)).toEqual([]);
  });
});
