/**
 * The release log as each release file carries it (Release and ReleaseEntry, written by the ingest in
 * src/ingest/write-release.ts): for every release, the series whose figures it brought or revised.
 */
import { openPrisma, type Prisma } from './client';
import { perRelease, type Snapshot } from './data-store';
import type { LoggedRelease } from '../domain/release-digest';

/** Every logged release, oldest first, with the series it updated (ordered by country, measure, id). */
export async function readReleaseLog(prisma: Prisma): Promise<LoggedRelease[]> {
  const [releases, entries] = await Promise.all([
    prisma.release.findMany({ orderBy: { version: 'asc' }, select: { version: true, loadedAt: true } }),
    prisma.releaseEntry.findMany({
      orderBy: [{ releaseVersion: 'asc' }, { countryIso: 'asc' }, { measure: 'asc' }, { seriesId: 'asc' }],
    }),
  ]);
  const byVersion = new Map<string, LoggedRelease>(releases.map((r) => [r.version, { version: r.version, loadedAt: r.loadedAt, series: [] }]));
  for (const e of entries) {
    byVersion.get(e.releaseVersion)?.series.push({
      id: e.seriesId,
      country: e.countryIso,
      measure: e.measure,
      periodReached: e.latestPeriod,
      newFigures: e.newPoints,
      revisedFigures: e.revisedPoints,
    });
  }
  return [...byVersion.values()];
}

/** The served release's log, read once per release. */
export function loggedReleases(snapshot: Snapshot): Promise<LoggedRelease[]> {
  return perRelease(snapshot, 'release-log-rows', () => readReleaseLog(snapshot.prisma));
}

/** The log of a release file no store has open (the cluster primary serves nothing itself). */
export async function readReleaseLogFile(file: string): Promise<LoggedRelease[]> {
  const prisma = openPrisma(file);
  try {
    return await readReleaseLog(prisma);
  } finally {
    await prisma.$disconnect();
  }
}
