/**
 * The derivation rules on the real files: the release the real ingest built from ../shared/data holds
 * the computed figures, marked with their rule, and computes none where a rule refuses.
 */
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { currentReleaseFile } from '../../src/db/release-store';
import { coverageReport } from '../../src/cli/coverage-report';
import { sumOfParts } from '../../src/domain/derivation';
import { DERIVATION_ERRORS_META_KEY, type DerivationError } from '../../src/ingest/write-release';

describe('figures computed by the ingest', () => {
  const file = currentReleaseFile(inject('dataDir'))!;
  const db = new Database(file, { readonly: true });
  const point = (alias: string, period: string) =>
    db
      .prepare('SELECT o.value, o.status, o.derivation FROM Observation o JOIN Series s ON s.id = o.seriesId WHERE s.alias = ? AND o.period = ?')
      .get(alias, period) as { value: number; status: string; derivation: string | null } | undefined;
  const series = (alias: string) =>
    db.prepare('SELECT id, headline, last, derivationRule, derivedFrom FROM Series WHERE alias = ?').get(alias) as
      | { id: string; headline: number; last: string; derivationRule: string | null; derivedFrom: string | null }
      | undefined;
  const partsOf = (table: string, like: string) =>
    db.prepare('SELECT id, alias, member FROM Series WHERE tableCode = ? AND alias LIKE ?').all(table, like) as { id: string; alias: string; member: string }[];
  const figures = (id: string) => db.prepare('SELECT period, value, status FROM Observation WHERE seriesId = ? ORDER BY period').all(id) as { period: string; value: number | null; status: string }[];

  it("sums JNTO's nationalities into Japan's monthly total (February 2025: JNTO published 3,258,100)", () => {
    const feb = point('jp.arrivals.total.m', '2025-02')!;
    expect(feb.derivation).toBe('sum-of-parts');
    expect(Math.abs(feb.value - 3_258_100) / 3_258_100).toBeLessThan(0.01);
    // The publisher's own total stays its figure; the first computed month after it is a break (another file).
    expect(point('jp.arrivals.total.m', '2017-03')!.derivation).toBeNull();
    expect(point('jp.arrivals.total.m', '2017-04')).toMatchObject({ derivation: 'sum-of-parts', status: 'break' });
    // March 2025 gives rounded totals of some nationalities only: incomplete, not computed.
    expect(point('jp.arrivals.total.m', '2025-03')).toBeUndefined();
    const s = series('jp.arrivals.total.m')!;
    expect(s.headline).toBe(1);
    expect(s.derivationRule).toMatch(/complete breakdown/);
    const from = JSON.parse(s.derivedFrom!) as string[];
    const middleEast = partsOf('jnto_visitors_by_nationality', 'jp.arrivals.origin-region-middle-east.m')[0];
    expect(from).not.toContain(middleEast.id);
    expect(from).toContain(partsOf('jnto_visitors_by_nationality', 'jp.arrivals.origin-region-gcc.m')[0].id);
  });

  it("gives Japan's 2024 arrivals from the twelve months (JNTO published 36,869,900) and from UN Tourism's regions", () => {
    const year = point('jp.arrivals.total.a', '2024')!;
    expect(year.derivation).toBe('annual-sum');
    expect(Math.abs(year.value * 1000 - 36_869_900) / 36_869_900).toBeLessThan(0.01);
    expect(point('jp.arrivals.total.a', '2022')!.derivation).toBeNull();
    const regions = point('jp.arrivals.type-overnight.a', '2024')!;
    expect(regions).toMatchObject({ derivation: 'sum-of-parts', value: 36870.2 });
  });

  it("refuses JNTO's nationalities with Middle East beside Israel, Türkiye and GCC (a subtotal among its members)", () => {
    const parts = partsOf('jnto_visitors_by_nationality', 'jp.arrivals.%.m').map((p) => ({ member: p.member, figures: figures(p.id) }));
    const total = figures(series('jp.arrivals.total.m')!.id);
    expect(sumOfParts(total, parts, { 'region-middle-east': ['il', 'tr', 'region-gcc'] })).toMatchObject({ ok: false, reason: 'subtotal-among-parts' });
  });

  it("computes nothing from Colombia's regions (three of seven reported) nor where sums disagree", () => {
    expect(point('co.arrivals.type-overnight.a', '2023')).toBeUndefined();
    const derivationErrors = JSON.parse(
      (db.prepare('SELECT value FROM Meta WHERE key = ?').pluck().get(DERIVATION_ERRORS_META_KEY) as string) ?? '[]',
    ) as DerivationError[];
    const korea = derivationErrors.find((r) => r.country === 'KR' && r.rule === 'unwto-regions-of-origin');
    expect(korea?.reason).toBe('disagrees');
    expect(point('kr.arrivals.type-overnight.a', '2024')).toBeUndefined();
  });

  it('sums nights of residents and non-residents in hotels where the publisher gives no total (Japan)', () => {
    const s = series('jp.nights.accommodation-hotels.a')!;
    expect(s.derivationRule).toMatch(/complete breakdown/);
    expect(point('jp.nights.accommodation-hotels.a', '2024')!.derivation).toBe('sum-of-parts');
  });

  it('reports at least 95% of country-measure pairs reaching the newest year held, and the rest with reasons', () => {
    const lines = coverageReport(file);
    const [, reaching, pairs] = /(\d+) of (\d+) country-measure pairs/.exec(lines[0])!;
    expect(Number(reaching) / Number(pairs)).toBeGreaterThanOrEqual(0.95);
    const listed = lines.filter((l) => /^  [A-Z]{2} (arrivals|nights|spend): /.test(l));
    expect(listed).toHaveLength(Number(pairs) - Number(reaching));
    expect(lines.join('\n')).toMatch(/CN arrivals: .*only parts reach 2023/);
    // Months that disagree with a published year are not a breakdown's sum: these lack a complete breakdown.
    const section = (heading: RegExp) => {
      const start = lines.findIndex((l) => heading.test(l));
      if (start < 0) return [];
      const end = lines.findIndex((l, i) => i > start && l === '');
      return lines.slice(start + 1, end < 0 ? undefined : end);
    };
    const incomplete = section(/^Not reaching: no complete breakdown/).join('\n');
    const disagree = section(/^Not reaching: sums disagree/);
    for (const pair of ['CH arrivals', 'GB arrivals', 'GB nights']) {
      expect(incomplete).toContain(`  ${pair}: `);
      expect(disagree.join('\n')).not.toContain(`  ${pair}: `);
    }
    expect(disagree.length).toBeGreaterThan(0);
    for (const line of disagree) expect(line).not.toMatch(/annual-(sum|mean)/);
  });
});
