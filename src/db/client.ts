/** Opens a release file with Prisma Client over the better-sqlite3 driver adapter. */
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from '../generated/prisma/client';
import { turnSpent } from './turns';

export type Prisma = PrismaClient;

/** Prisma's code for a table the file does not have. */
const TABLE_ABSENT = 'P2021';

/**
 * A read's answer for a release file built before its table existed (`.catch(whenTableAbsent([]))`):
 * `fallback` for that error, any other rethrown.
 */
export function whenTableAbsent<T>(fallback: T): (err: unknown) => T {
  return (err) => {
    if ((err as { code?: string }).code === TABLE_ABSENT) return fallback;
    throw err;
  };
}

export interface OpenOptions {
  /** Called with each SQL statement Prisma sends (used to count statements in tests). */
  onQuery?: (sql: string) => void;
}

/** What one statement may bind in the SQLite that better-sqlite3 bundles (3.32 and later: 32766). */
export const SQLITE_MAX_BIND_VALUES = 32766;

/**
 * The better-sqlite3 adapter, telling Prisma how many values a statement may bind. It tells nothing
 * by itself, so Prisma assumes SQLite's limit before 3.32, 999, and rejects a larger statement
 * (P2029): a page of 1000 series whose fields Pothos loads in one batch failed.
 *
 * A read, and then the work on its rows, waits for a later turn of the event loop once this turn
 * has run query work for its slice (turns.ts). SQLite reads synchronously, and Prisma runs the
 * statements of every resolver started in a turn one after another in that turn's promise jobs,
 * out of reach of the resolvers' own slices: a hundred aliases of every country blocked the loop.
 */
class ReleaseAdapter extends PrismaBetterSqlite3 {
  override async connect() {
    const adapter = await super.connect();
    adapter.getConnectionInfo = () => ({ maxBindValues: SQLITE_MAX_BIND_VALUES, supportsRelationJoins: false });
    const queryRaw = adapter.queryRaw.bind(adapter);
    adapter.queryRaw = async (query) => {
      // The look at the clock and the read in one step: with a wait between them (an await that
      // yields even when the turn has time), a hundred statements all looked while the turn was young.
      for (let later = turnSpent(); later; later = turnSpent()) await later;
      const rows = await queryRaw(query);
      // What is done with the rows (Prisma's mapping, the fields over them) waits likewise.
      for (let later = turnSpent(); later; later = turnSpent()) await later;
      return rows;
    };
    return adapter;
  }
}

export function openPrisma(file: string, options: OpenOptions = {}): PrismaClient {
  const adapter = new ReleaseAdapter({ url: `file:${file}` });
  if (!options.onQuery) return new PrismaClient({ adapter });
  const client = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
  const onQuery = options.onQuery;
  client.$on('query', (e) => onQuery(e.query));
  return client;
}
