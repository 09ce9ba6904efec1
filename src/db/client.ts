/** Opens a release file with Prisma Client over the better-sqlite3 driver adapter. */
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from '../generated/prisma/client';

export type Prisma = PrismaClient;

export interface OpenOptions {
  /** Called with each SQL statement Prisma sends (used to count statements in tests). */
  onQuery?: (sql: string) => void;
}

export function openPrisma(file: string, options: OpenOptions = {}): PrismaClient {
  const adapter = new PrismaBetterSqlite3({ url: `file:${file}` });
  if (!options.onQuery) return new PrismaClient({ adapter });
  const client = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
  const onQuery = options.onQuery;
  client.$on('query', (e) => onQuery(e.query));
  return client;
}
