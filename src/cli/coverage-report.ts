/**
 * `report:coverage`: for every country and measure of the served release, whether the headline
 * reaches the newest year present, and where it does not, why (src/domain/headline-reach.ts).
 */
import Database from 'better-sqlite3';
import { headlineReach, REACH_REASONS, type ReachError, type ReachSeries } from '../domain/headline-reach';
import { DERIVATION_ERRORS_META_KEY } from '../ingest/write-release';

export const REPORTED_MEASURES = ['arrivals', 'nights', 'spend'] as const;

/** The report's lines: a summary, then each pair that does not reach, grouped by reason. */
export function coverageReport(releaseFile: string): string[] {
  const db = new Database(releaseFile, { readonly: true, fileMustExist: true });
  try {
    const series = db
      .prepare('SELECT countryIso AS country, measure, breakdown, member, last, headline, alias FROM Series WHERE points > 0')
      .all()
      .map((r) => ({ ...(r as ReachSeries), headline: Boolean((r as { headline: number }).headline) }));
    const meta = db.prepare('SELECT value FROM Meta WHERE key = ?').pluck().get(DERIVATION_ERRORS_META_KEY) as string | undefined;
    const reachErrors = meta ? (JSON.parse(meta) as ReachError[]) : [];
    const rows = headlineReach(series, reachErrors, REPORTED_MEASURES);
    const reaching = rows.filter((r) => r.reaches).length;
    const lines = [
      `Headlines reaching the newest year held: ${reaching} of ${rows.length} country-measure pairs (${((100 * reaching) / Math.max(1, rows.length)).toFixed(1)}%)`,
    ];
    for (const measure of REPORTED_MEASURES) {
      const of = rows.filter((r) => r.measure === measure);
      lines.push(`  ${measure}: ${of.filter((r) => r.reaches).length} of ${of.length}`);
    }
    for (const [reason, words] of Object.entries(REACH_REASONS)) {
      const of = rows.filter((r) => r.reason === reason);
      if (of.length === 0) continue;
      lines.push('', `Not reaching: ${words} (${of.length})`);
      for (const r of of) {
        lines.push(`  ${r.country} ${r.measure}: headline ${r.headline ?? 'none'}${r.headlineAlias ? ` (${r.headlineAlias})` : ''}, newest held ${r.newest}; ${r.detail}`);
      }
    }
    return lines;
  } finally {
    db.close();
  }
}
