/**
 * What /v1/status says of each source: its official address, how its last check at the publisher
 * went (DATA_DIR/sources.json, written by the refresh) and the period the served release reaches
 * with its files.
 */
import { holds, SOURCES, type Source } from './publishers';
import type { CheckOutcome, SourceStates } from './fetch/state';
import { laterPeriod, type PeriodsByFile } from './period-reached';

export interface SourceStatus {
  id: string;
  name: string;
  publisher: string;
  /** The official address: the file, or the page that links the newest file. */
  address: string;
  /** The address the stored copy came from (the dated file a page linked); null before its first fetch. */
  fetchedFrom: string | null;
  lastChecked: string | null;
  lastChanged: string | null;
  /** ok: new figures taken at the last check; unchanged; failed (see reason); null: never checked here. */
  state: CheckOutcome | null;
  reason: string | null;
  /**
   * The newest period the served release reads from the source's files (period-reached.ts); null
   * when no connector reads a figure from them (code lists, files fetched but not read).
   */
  periodReached: string | null;
}

/** Every source, with its last check and the period the release reaches from its files (`reachedByFile`). */
export function sourceStatuses(states: SourceStates, reachedByFile: PeriodsByFile, sources: readonly Source[] = SOURCES): SourceStatus[] {
  return sources.map((source) => {
    const stored = states.sources[source.id];
    const periodReached = Object.entries(reachedByFile)
      .filter(([file]) => holds(source, file, stored?.files ?? []))
      .reduce<string | null>((newest, [, period]) => laterPeriod(newest, period), null);
    return {
      id: source.id,
      name: source.name,
      publisher: source.publisher,
      address: source.address,
      fetchedFrom: stored?.url ?? null,
      lastChecked: stored?.lastChecked ?? null,
      lastChanged: stored?.lastChanged ?? null,
      state: stored?.state ?? null,
      reason: stored?.reason ?? null,
      periodReached,
    };
  });
}
