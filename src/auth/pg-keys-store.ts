/**
 * API keys, plans and per-key usage in PostgreSQL (DATABASE_URL), shared by every replica: any of
 * them, or the keys CLI anywhere, can create, revoke and rotate keys. Requests are checked against
 * the active keys stored in memory, read again every second (and at once when a revocation is
 * announced on Redis), so a PostgreSQL outage does not stop keys already known from working.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/keys-prisma/client';
import type { Plan } from '../domain/types';
import { migratePg } from '../db/migrate-pg';
import { hashKey, KeyIndex, usageDay, type Caller } from './key-index';
import { isPlan, newKey, newKeyId, type KeyRecord, type KeyStore } from './keys-store';

const RELOAD_MS = 1000;
const USAGE_FLUSH_MS = 2000;

export class PgKeysStore implements KeyStore {
  private readonly index = new KeyIndex();
  private timers: NodeJS.Timeout[] = [];
  private failing = false;

  private constructor(
    private readonly prisma: PrismaClient,
    private readonly log: (line: string) => void,
  ) {}

  /** Applies the migrations, reads the active keys, and (for a server) keeps them fresh. */
  static async open(url: string, options: { log?: (line: string) => void; serve?: boolean } = {}): Promise<PgKeysStore> {
    await migratePg(url).catch((err: Error) => {
      throw new Error(`PostgreSQL (DATABASE_URL) cannot be reached: ${err.message}`);
    });
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, connectionTimeoutMillis: 15_000 }) });
    const store = new PgKeysStore(prisma, options.log ?? (() => {}));
    await store.reload();
    if (options.serve) {
      store.timers = [
        setInterval(() => void store.reloadInBackground(), RELOAD_MS),
        setInterval(() => void store.flushUsage(), USAGE_FLUSH_MS),
      ];
      for (const t of store.timers) t.unref();
    }
    return store;
  }

  /** Logs the first failure of an outage and its end, not every retry. */
  private outage(err: unknown): void {
    if (!this.failing) this.log(`keys: PostgreSQL unreachable, serving the keys last read (${(err as Error).message})`);
    this.failing = true;
  }

  private reloading = false;

  /** The periodic read: one at a time, so an engine that answers slowly is not asked again meanwhile. */
  private async reloadInBackground(): Promise<void> {
    if (this.reloading) return;
    this.reloading = true;
    try {
      await this.reload();
    } catch (err) {
      this.outage(err);
    } finally {
      this.reloading = false;
    }
  }

  async reload(): Promise<void> {
    const rows = await this.prisma.apiKey.findMany({ where: { revokedAt: null }, select: { id: true, hash: true, plan: true } });
    this.index.replace(rows.flatMap((r) => (isPlan(r.plan) ? [{ id: r.id, hash: r.hash, plan: r.plan }] : [])));
    if (this.failing) this.log('keys: PostgreSQL reachable again');
    this.failing = false;
  }

  verify(key: string): Caller | null {
    return this.index.verify(key);
  }

  forget(id: string): void {
    this.index.forget(id);
  }

  async create(plan: Plan, label = ''): Promise<{ key: string; record: KeyRecord }> {
    const key = newKey();
    const row = await this.prisma.apiKey.create({ data: { id: newKeyId(), hash: hashBytes(key), plan, label, createdAt: new Date() } });
    await this.reload();
    return { key, record: toRecord(row, 0n) };
  }

  async seed(key: string, plan: Plan): Promise<void> {
    const hash = hashBytes(key);
    const existing = await this.prisma.apiKey.findUnique({ where: { hash } });
    if (!existing) {
      // Replicas seeding the same key at once: the unique hash lets one insert win.
      await this.prisma.apiKey.createMany({
        data: [{ id: newKeyId(), hash, plan, label: 'seeded from TOURISM_API_KEYS', createdAt: new Date() }],
        skipDuplicates: true,
      });
    } else if (existing.plan !== plan || existing.revokedAt) {
      await this.prisma.apiKey.update({ where: { id: existing.id }, data: { plan, revokedAt: null } });
    }
    await this.reload();
  }

  async list(): Promise<KeyRecord[]> {
    const rows = await this.prisma.apiKey.findMany({ orderBy: { createdAt: 'asc' }, include: { usage: { where: { day: usageDay() } } } });
    return rows.map((r) => toRecord(r, r.usage[0]?.requests ?? 0n));
  }

  async revoke(id: string): Promise<boolean> {
    const { count } = await this.prisma.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    await this.reload();
    return count > 0;
  }

  async rotate(id: string): Promise<{ key: string; record: KeyRecord } | null> {
    const key = newKey();
    const row = await this.prisma.$transaction(async (tx) => {
      const old = await tx.apiKey.findFirst({ where: { id, revokedAt: null } });
      if (!old) return null;
      await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
      return tx.apiKey.create({ data: { id: newKeyId(), hash: hashBytes(key), plan: old.plan, label: old.label, createdAt: new Date() } });
    });
    await this.reload();
    return row ? { key, record: toRecord(row, 0n) } : null;
  }

  /** Adds the requests counted since the last write; retained for the next write while PostgreSQL is away. */
  async flushUsage(): Promise<void> {
    const counts = this.index.drainCounts();
    if (counts.size === 0) return;
    const day = usageDay();
    try {
      await this.prisma.$transaction(
        [...counts].map(([keyId, n]) =>
          this.prisma.apiKeyUsage.upsert({
            where: { keyId_day: { keyId, day } },
            create: { keyId, day, requests: BigInt(n) },
            update: { requests: { increment: BigInt(n) } },
          }),
        ),
      );
    } catch (err) {
      this.index.restoreCounts(counts);
      this.outage(err);
    }
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await this.flushUsage();
    await this.prisma.$disconnect();
  }
}

/** The key's hash as Prisma holds Bytes (a Uint8Array over its own ArrayBuffer). */
function hashBytes(key: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(hashKey(key));
}

function toRecord(r: { id: string; plan: string; label: string; createdAt: Date; revokedAt: Date | null }, requests: bigint): KeyRecord {
  return {
    id: r.id,
    plan: isPlan(r.plan) ? r.plan : 'free',
    label: r.label,
    createdAt: r.createdAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    requestsToday: Number(requests),
  };
}
