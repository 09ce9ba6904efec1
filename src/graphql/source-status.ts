/**
 * The sources of /v1/status: each source's last check at its publisher (DATA_DIR/sources.json,
 * read at each ask: the refresh rewrites it between releases) and the period the served release
 * reaches from its files (worked out once per release).
 */
import path from 'node:path';
import { perRelease } from '../db/data-store';
import { readStates } from '../ingest/fetch/state';
import { laterPeriod, sourceStatuses, type SourceStatus } from '../ingest/source-status';
import type { GraphQLContext } from './context';

/** The newest period held per source file: series by their table's file, indicators likewise, ECB rates by date. */
function reachedByFile(ctx: GraphQLContext): Promise<Map<string, string>> {
  return perRelease(ctx.snapshot, 'period-reached-by-file', async () => {
    const [tables, series, indicators, fx] = await Promise.all([
      ctx.prisma.sourceTable.findMany({ select: { code: true, file: true } }),
      ctx.prisma.series.groupBy({ by: ['tableCode'], _max: { last: true } }),
      ctx.prisma.indicator.groupBy({ by: ['source'], _max: { year: true } }),
      ctx.prisma.fxRate.aggregate({ _max: { date: true } }),
    ]);
    const fileOf = new Map(tables.map((t) => [t.code, t.file]));
    const reached = new Map<string, string>();
    const note = (file: string | undefined, period: string | null | undefined) => {
      if (!file || !period) return;
      reached.set(file, laterPeriod(reached.get(file) ?? null, period)!);
    };
    for (const s of series) note(fileOf.get(s.tableCode), s._max.last);
    for (const i of indicators) note(fileOf.get(i.source), i._max.year === null ? null : String(i._max.year));
    const ecb = tables.find((t) => t.file.startsWith('ecb/'));
    note(ecb?.file, fx._max.date);
    return reached;
  });
}

export async function sourcesOfStatus(ctx: GraphQLContext): Promise<SourceStatus[]> {
  // A release file lies in DATA_DIR/releases/; the refresh keeps its record in DATA_DIR.
  const dataDir = path.dirname(path.dirname(ctx.snapshot.file));
  return sourceStatuses(readStates(dataDir), await reachedByFile(ctx));
}
