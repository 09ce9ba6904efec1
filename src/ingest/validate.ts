/** Checks a freshly written release before it may be served. Returns the problems found. */
import Database from 'better-sqlite3';

export function validateRelease(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const problems: string[] = [];
  const one = <T>(sql: string) => db.prepare(sql).pluck().get() as T;
  try {
    // The file's pages and b-trees; quick_check skips matching each index to its table, which
    // SQLite itself retained in step as it wrote them (integrity_check was a large part of a rebuild).
    const integrity = one<string>('PRAGMA quick_check');
    if (integrity !== 'ok') problems.push(`integrity check: ${integrity}`);
    const fk = db.prepare('PRAGMA foreign_key_check').all();
    if (fk.length > 0) problems.push(`${fk.length} rows break a foreign key`);
    if (one<number>('SELECT count(*) FROM Country') === 0) problems.push('no countries');
    if (one<number>('SELECT count(*) FROM Series') === 0) problems.push('no series');
    const empty = one<number>(
      'SELECT count(*) FROM Series s WHERE NOT EXISTS (SELECT 1 FROM Observation o WHERE o.seriesId = s.id)',
    );
    if (empty > 0) problems.push(`${empty} series without observations`);
    const doubleHeadline = one<number>(
      'SELECT count(*) FROM (SELECT countryIso, measure FROM Series WHERE headline = 1 GROUP BY 1, 2 HAVING count(*) > 1)',
    );
    if (doubleHeadline > 0) problems.push(`${doubleHeadline} country/measure pairs with two headline series`);
    const orphanSearch = one<number>('SELECT count(*) FROM SeriesSearch') !== one<number>('SELECT count(*) FROM Series');
    if (orphanSearch) problems.push('search index out of step with series');
    if (!one<string>("SELECT value FROM Meta WHERE key = 'data_version'")) problems.push('no data_version');
  } finally {
    db.close();
  }
  return problems;
}
