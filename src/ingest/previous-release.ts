/**
 * What the served release holds, table by table, set against what the files give now: a table that
 * shrinks sharply or series that vanish mean a cut or changed file far more often than a publisher
 * withdrawing figures, so either stops the release unless the operator accepts the loss.
 */
import Database from 'better-sqlite3';
import { ECB_TABLE } from './connectors/ecb';
import type { ReleaseContent } from './write-release';

/** One source table's size: its series (or indicator/currency/commodity lines) and its figures. */
export interface TableSize {
  series: number;
  rows: number;
  /** The publisher file it is read from, where the release records one. */
  file: string | null;
}

export interface Holdings {
  /** Series id → alias. */
  series: Map<string, string>;
  tables: Map<string, TableSize>;
}

export interface PreviousRelease extends Holdings {
  version: string;
  dataVersion: string;
  /** The migrations its schema was made by: a release of another schema is never retained as is. */
  migrations: string[];
}

/** A drop by more than this share of a table's series or figures stops the release. */
export const MAX_TABLE_DROP = 0.1;
/** How many vanished series a error names. */
const VANISHED_SHOWN = 5;

const FX_KEY = `${ECB_TABLE.code} (exchange rates)`;
const priceKey = (code: string) => `prices of ${code}`;

export function readPreviousRelease(file: string): PreviousRelease {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const meta = new Map(db.prepare('SELECT key, value FROM Meta').raw().all() as [string, string][]);
    const files = new Map(db.prepare('SELECT code, file FROM SourceTable').raw().all() as [string, string][]);
    const tables = new Map<string, TableSize>();
    const add = (rows: [string, number, number][], keyOf = (code: string) => code, fileOf = (code: string) => files.get(code) ?? null) => {
      for (const [code, series, n] of rows) tables.set(keyOf(code), { series, rows: n, file: fileOf(code) });
    };
    const all = (sql: string) => db.prepare(sql).raw().all() as [string, number, number][];
    add(all('SELECT s.tableCode, count(DISTINCT s.id), count(*) FROM Series s JOIN Observation o ON o.seriesId = s.id GROUP BY 1'));
    add(all("SELECT source, count(DISTINCT countryIso || '|' || indicator), count(*) FROM Indicator GROUP BY 1"));
    add(all("SELECT '', count(DISTINCT currency), count(*) FROM FxRate HAVING count(*) > 0"), () => FX_KEY, () => ECB_TABLE.file);
    add(all('SELECT code, 1, count(*) FROM Price GROUP BY code'), priceKey, () => null);
    return {
      version: meta.get('version') ?? '',
      dataVersion: meta.get('data_version') ?? '',
      migrations: db.prepare('SELECT name FROM "_migrations" ORDER BY name').pluck().all() as string[],
      series: new Map(db.prepare('SELECT id, alias FROM Series').raw().all() as [string, string][]),
      tables,
    };
  } finally {
    db.close();
  }
}

/** The same measures of a release about to be written. */
export function holdingsOf(content: ReleaseContent): Holdings {
  const files = new Map(content.tables.map((t) => [t.code, t.file]));
  const tables = new Map<string, TableSize>();
  const count = (key: string, line: string, rows: number, file: string | null, lines: Map<string, Set<string>>) => {
    const seen = lines.get(key) ?? new Set<string>();
    lines.set(key, seen.add(line));
    const t = tables.get(key) ?? { series: 0, rows: 0, file };
    tables.set(key, { ...t, series: seen.size, rows: t.rows + rows });
  };
  const lines = new Map<string, Set<string>>();
  for (const s of content.series) count(s.table, s.id, s.observations.length, files.get(s.table) ?? null, lines);
  for (const i of content.indicators) count(i.source, `${i.country}|${i.indicator}`, 1, files.get(i.source) ?? null, lines);
  for (const f of content.fx) count(FX_KEY, f.currency, 1, ECB_TABLE.file, lines);
  for (const p of content.prices) count(priceKey(p.code), p.code, 1, null, lines);
  return { series: new Map(content.series.map((s) => [s.id, s.alias])), tables };
}

/** Tables holding far fewer series or figures than before, one line each. */
export function tableDrops(before: PreviousRelease, now: Holdings, maxDrop = MAX_TABLE_DROP): string[] {
  const out: string[] = [];
  for (const [key, was] of before.tables) {
    const is = now.tables.get(key) ?? { series: 0, rows: 0, file: was.file };
    const dropped = (a: number, b: number) => b < a * (1 - maxDrop);
    if (!dropped(was.series, is.series) && !dropped(was.rows, is.rows)) continue;
    out.push(
      `${is.file ?? was.file ?? key}${is.file || was.file ? ` (table ${key})` : ''}: ${is.series} series and ${is.rows} figures, ` +
        `release ${before.version} held ${was.series} and ${was.rows} (a drop of more than ${Math.round(maxDrop * 100)}%; file cut or changed?)`,
    );
  }
  return out;
}

/** Aliases of the series the previous release had that the files no longer give, sorted. */
export function vanishedSeries(before: PreviousRelease, now: Holdings): string[] {
  return [...before.series].filter(([id]) => !now.series.has(id)).map(([, alias]) => alias).sort();
}

export function describeVanished(before: PreviousRelease, vanished: string[]): string {
  const shown = vanished.slice(0, VANISHED_SHOWN).join(', ');
  return `${vanished.length} series held by release ${before.version} vanished from the files (${shown}${vanished.length > VANISHED_SHOWN ? ', …' : ''})`;
}
