/**
 * The sources of /v1/status: each source's last check at its publisher (DATA_DIR/sources.json,
 * read at each ask: the refresh rewrites it between releases) and the period the served release
 * reaches from its files (stored in the release by its build, read once per release).
 */
import path from 'node:path';
import { perRelease } from '../db/data-store';
import { readStates } from '../ingest/fetch/state';
import { parsePeriodsByFile, PERIODS_META_KEY, type PeriodsByFile } from '../ingest/period-reached';
import { sourceStatuses, type SourceStatus } from '../ingest/source-status';
import type { GraphQLContext } from './context';

function reachedByFile(ctx: GraphQLContext): Promise<PeriodsByFile> {
  return perRelease(ctx.snapshot, 'period-reached-by-file', async () => {
    const row = await ctx.prisma.meta.findUnique({ where: { key: PERIODS_META_KEY } });
    return parsePeriodsByFile(row?.value);
  });
}

export async function sourcesOfStatus(ctx: GraphQLContext): Promise<SourceStatus[]> {
  // A release file lies in DATA_DIR/releases/; the refresh keeps its record in DATA_DIR.
  const dataDir = path.dirname(path.dirname(ctx.snapshot.file));
  return sourceStatuses(readStates(dataDir), await reachedByFile(ctx));
}
