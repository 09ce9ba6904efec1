/**
 * What /v1/status says of each source: its official address, how its last check at the publisher
 * went (DATA_DIR/sources.json, written by the refresh) and the period the served release reaches
 * with its files.
 */
import { comparePeriodEnds } from '../domain/periods';
import { filesOf, SOURCES, type Source } from './publishers';
import type { CheckOutcome, SourceStates } from './fetch/state';

export interface SourceStatus {
  id: string;
  name: string;
  publisher: string;
  /** The official address: the file, or the page that links the newest file. */
  address: string;
  /** The address the held copy came from (the dated file a page linked); null before its first fetch. */
  fetchedFrom: string | null;
  lastChecked: string | null;
  lastChanged: string | null;
  /** ok: new figures taken at the last check; unchanged; failed (see reason); null: never checked here. */
  state: CheckOutcome | null;
  reason: string | null;
  /** The newest period the served release holds from the source's files; null when it reads none of them. */
  periodReached: string | null;
}

/** The later-ending of two periods (a year ends after its August); dates (fx) compare as they are. */
export function laterPeriod(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (date.test(a) || date.test(b)) return a > b ? a : b;
  return comparePeriodEnds(a, b) >= 0 ? a : b;
}

/** Every source, with its last check and the period the release reaches from its files (`reachedByFile`). */
export function sourceStatuses(states: SourceStates, reachedByFile: ReadonlyMap<string, string>, sources: readonly Source[] = SOURCES): SourceStatus[] {
  return sources.map((source) => {
    const held = states.sources[source.id];
    const files = filesOf(source, held?.files ?? []);
    const periodReached = files.reduce<string | null>((newest, file) => laterPeriod(newest, reachedByFile.get(file) ?? null), null);
    return {
      id: source.id,
      name: source.name,
      publisher: source.publisher,
      address: source.address,
      fetchedFrom: held?.url ?? null,
      lastChecked: held?.lastChecked ?? null,
      lastChanged: held?.lastChanged ?? null,
      state: held?.state ?? null,
      reason: held?.reason ?? null,
      periodReached,
    };
  });
}
