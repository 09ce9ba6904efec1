/**
 * The real engines for scale-out tests: the machine's Redis and PostgreSQL (started with the
 * commands of DEVELOPERS.md when they are not running), a database and a Redis prefix of the test's
 * own, free loopback ports, and a TCP relay that can cut a client off from an engine ("engine down").
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';

export const REDIS_PORT = 6379;
export const PG_PORT = 5432;

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(port: number, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await reachable(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up on 127.0.0.1:${port}`);
}

export async function ensureRedis(): Promise<void> {
  if (await reachable(REDIS_PORT)) return;
  execSync(`redis-server --daemonize yes --bind 127.0.0.1 --port ${REDIS_PORT} --save "" --appendonly no`);
  await waitFor(REDIS_PORT, 'Redis');
}

export async function ensurePostgres(): Promise<void> {
  if (await reachable(PG_PORT)) return;
  const version = fs.readdirSync('/etc/postgresql')[0];
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
  await waitFor(PG_PORT, 'PostgreSQL');
}

const adminUrl = `postgresql://postgres@127.0.0.1:${PG_PORT}/test`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database of this test run's own (name ends in the process id); returns its URL. */
export async function createDatabase(prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  await ensurePostgres();
  const name = `${prefix}_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  return { name, url: `postgresql://postgres@127.0.0.1:${PG_PORT}/${name}`, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** A Redis key prefix of this test run's own, and a way to delete only the keys under it. */
export async function redisPrefix(name: string): Promise<{ prefix: string; clear: () => Promise<void> }> {
  await ensureRedis();
  const prefix = `${name}:${process.pid}:`;
  return {
    prefix,
    clear: async () => {
      const redis = new Redis(REDIS_PORT, '127.0.0.1');
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
          if (keys.length) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A TCP relay in front of an engine: clients use its port; down() closes it and cuts every open
 * connection (as a crashed or unreachable engine would), up() listens again on the same port.
 */
export class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    readonly port: number,
    private readonly target: number,
  ) {}

  static async start(target: number): Promise<Relay> {
    const relay = new Relay(await freePort(), target);
    await relay.up();
    return relay;
  }

  up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    return new Promise((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = null;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
