/**
 * Announcements between replicas over Redis pub/sub (REDIS_URL): a revoked key, a published
 * release. Channels and keys carry REDIS_PREFIX so several deployments can share one Redis.
 * Nothing waits on Redis: while it is down, commands fail at once (no offline queue) and the
 * subscriber reconnects and subscribes again by itself.
 */
import { Redis } from 'ioredis';

export type Announcement = { topic: 'key-revoked'; id: string } | { topic: 'release'; file: string; sha256: string };

const CHANNEL = 'announcements';

export class Bus {
  /** For commands (rate limit counters, publishing). */
  readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly handlers: ((a: Announcement) => void)[] = [];
  private down = false;

  constructor(
    url: string,
    readonly prefix: string,
    private readonly log: (line: string) => void,
  ) {
    const retryStrategy = (times: number) => Math.min(times * 100, 1000);
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy });
    this.subscriber = new Redis(url, { retryStrategy });
    for (const client of [this.redis, this.subscriber]) {
      client.on('error', (err: Error) => {
        if (!this.down) this.log(`redis: unreachable (${err.message}); rate limits count per process until it is back`);
        this.down = true;
      });
      client.on('ready', () => {
        if (this.down) this.log('redis: reachable again');
        this.down = false;
      });
    }
    this.subscriber.on('message', (_channel: string, text: string) => {
      let message: Announcement;
      try {
        message = JSON.parse(text) as Announcement;
      } catch {
        return;
      }
      for (const h of this.handlers) h(message);
    });
    void this.subscriber.subscribe(this.channel).catch(() => {});
  }

  private get channel(): string {
    return `${this.prefix}${CHANNEL}`;
  }

  on(handler: (a: Announcement) => void): void {
    this.handlers.push(handler);
  }

  /** Resolves once the subscription is live (tests, and a CLI that must not miss its own echo). */
  async ready(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.redis.status !== 'ready' || this.subscriber.status !== 'ready') {
      if (Date.now() > deadline) throw new Error('Redis is not reachable');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async announce(message: Announcement): Promise<void> {
    await this.redis.publish(this.channel, JSON.stringify(message));
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.redis.disconnect();
  }
}
