/**
 * The newest period each source file brings to a release, computed at the build from what the
 * connectors read, and retained in the release (Meta `period_reached_by_file`) for /v1/status. A file
 * counts for every figure read from it, also one a newer publication gives again (a superseded
 * vintage still says how far it reaches). Series and indicators count under their table's file,
 * exchange rates under the table of the output that read them; a connector whose tables cannot say
 * it (releases merged from several files, prices) gives its own account (`ConnectorOutput.reachedByFile`).
 */
import { comparePeriodEnds } from '../domain/periods';
import type { ParsedSeries, SourceTableInfo } from '../domain/types';
import type { ConnectorOutput } from './records';

/** Source file → the newest period it brings. */
export type PeriodsByFile = Record<string, string>;

export const PERIODS_META_KEY = 'period_reached_by_file';

/** The later-ending of two periods (a year ends after its August); dates (fx) compare as they are. */
export function laterPeriod(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (date.test(a) || date.test(b)) return a > b ? a : b;
  return comparePeriodEnds(a, b) >= 0 ? a : b;
}

/** Notes that `file` brings `period`, keeping the later of it and what was noted before. */
export function notePeriod(into: PeriodsByFile, file: string | undefined, period: string | null | undefined): void {
  if (!file || !period) return;
  into[file] = laterPeriod(into[file] ?? null, period) ?? period;
}

/** The newest period of the figures (values, not gaps) of each series, under its table's file. */
export function seriesPeriods(tables: readonly SourceTableInfo[], series: readonly ParsedSeries[], into: PeriodsByFile = {}): PeriodsByFile {
  const fileOf = new Map(tables.map((t) => [t.code, t.file]));
  for (const s of series) {
    for (const o of s.observations) if (o.value !== null) notePeriod(into, fileOf.get(s.table), o.period);
  }
  return into;
}

/** One connector's account: its own when it gives one, else by its tables' files. */
function outputPeriods(out: ConnectorOutput): PeriodsByFile {
  if (out.reachedByFile) return out.reachedByFile;
  const reached = seriesPeriods(out.tables, out.series);
  const fileOf = new Map(out.tables.map((t) => [t.code, t.file]));
  for (const i of out.indicators ?? []) notePeriod(reached, fileOf.get(i.source), String(i.year));
  // Exchange rates carry no table: the output that reads them has one (the ECB's file).
  const [fxFile] = out.tables.map((t) => t.file);
  for (const f of out.fx ?? []) notePeriod(reached, fxFile, f.date);
  return reached;
}

/** Every connector's account, in file order (so equal releases give equal JSON). */
export function periodsReached(outputs: readonly ConnectorOutput[]): PeriodsByFile {
  const reached: PeriodsByFile = {};
  for (const out of outputs) for (const [file, period] of Object.entries(outputPeriods(out))) notePeriod(reached, file, period);
  return Object.fromEntries(Object.entries(reached).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The account retained in a release, read back; a release built before it was retained has none ({}). */
export function parsePeriodsByFile(json: string | null | undefined): PeriodsByFile {
  let raw: unknown;
  try {
    raw = JSON.parse(json ?? '{}');
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
