/**
 * Webhook events: when the served release switches to one whose release log holds releases newer
 * than the last announced, each subscription (src/server/webhook-store.ts) is sent one
 * `release.published` event per such release, of its country when it named one. Events are POSTed
 * as JSON signed with HMAC-SHA256 of `<X-Timestamp>.<raw body>` (X-Signature: sha256=<hex>), so a
 * receiver that rejects old timestamps cannot be sent a captured event again; each attempt is bounded
 * by a timeout and retried with exponential backoff; every attempt is logged (event
 * "webhook_delivery"). Receivers on loopback, private or link-local addresses are rejected at each
 * attempt, in the connection's own lookup, unless the operator allows them. Deliveries run beside the serving and never hold a request. Only one process
 * of a machine delivers: the single process, or the cluster primary (src/server/serve.ts).
 */
import { createHash, createHmac } from 'node:crypto';
import { digestRelease, releasesAfter, type LoggedRelease } from '../domain/release-digest';
import { countryLink, feedLink, seriesLink } from '../../rest/release-links';
import { AddressRejected } from '../ingest/fetch/public-address';
import { send } from '../ingest/fetch/request';
import type { Logger } from './logger';
import { readAnnounced, readSubscriptions, writeAnnounced, type Subscription } from './webhook-store';

export interface WebhookSettings {
  /** Attempts per event, the first included (WEBHOOK_ATTEMPTS, default 5). */
  attempts: number;
  /** The wait before the second attempt; each later wait doubles (WEBHOOK_RETRY_MS, default 2000). */
  retryMs: number;
  /** How long one attempt may take, answer included (WEBHOOK_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
  /** Receivers on loopback, private and link-local addresses are sent events (TOURISM_WEBHOOKS_ALLOW_PRIVATE=1; default false). */
  allowPrivate: boolean;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = { attempts: 5, retryMs: 2000, timeoutMs: 10_000, allowPrivate: false };

export interface ReleaseEvent {
  type: 'release.published';
  id: string;
  release: string;
  published_at: string;
  countries: string[];
  series: { id: string; country: string; measure: string; period_reached: string | null; new_figures: number; revised_figures: number; link: string }[];
  links: { feed: string; countries: Record<string, string> };
}

/** The event one subscription gets of one release; null when the release updated none of its country's series. */
export function releaseEvent(release: LoggedRelease, subscription: Pick<Subscription, 'id' | 'country'>, baseUrl: string): ReleaseEvent | null {
  const digest = digestRelease(release, subscription.country ? [subscription.country] : undefined);
  if (!digest) return null;
  return {
    type: 'release.published',
    // The same for every attempt and any later resend, so a receiver can drop a repeat.
    id: `evt_${createHash('sha256').update(`${subscription.id}|${release.version}`).digest('hex').slice(0, 24)}`,
    release: digest.version,
    published_at: digest.publishedAt,
    countries: digest.countries.map((c) => c.iso),
    series: digest.countries.flatMap((c) =>
      c.series.map((s) => ({
        id: s.id,
        country: s.country,
        measure: s.measure,
        period_reached: s.periodReached || null,
        new_figures: s.newFigures,
        revised_figures: s.revisedFigures,
        link: seriesLink(baseUrl, s.id),
      })),
    ),
    links: {
      feed: feedLink(baseUrl, subscription.country ?? undefined),
      countries: Object.fromEntries(digest.countries.map((c) => [c.iso, countryLink(baseUrl, c.iso)])),
    },
  };
}

/**
 * The X-Signature value of an attempt: HMAC-SHA256, with the subscription's secret, of its
 * X-Timestamp, a dot and the raw body (as Stripe signs), in hex. The timestamp is signed so that
 * a captured event sent again with a fresh one does not verify.
 */
export function signEvent(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The wait before attempt `attempt` (2, 3, …): retryMs, then doubling. */
export function retryDelayMs(attempt: number, retryMs: number): number {
  return retryMs * 2 ** (attempt - 2);
}

/** Answers worth another attempt: the receiver was busy, rate-limited or failing; any other 4xx will not change. */
function retryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export interface WebhookDispatcherOptions {
  dataDir: string;
  publicBaseUrl: string;
  settings: WebhookSettings;
  logger: Logger;
}

export class WebhookDispatcher {
  /** Releases are looked at one switch at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  private readonly deliveries = new Set<Promise<void>>();
  private readonly waits = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private readonly stop = new AbortController();

  constructor(private readonly options: WebhookDispatcherOptions) {}

  /**
   * The served release switched: `readLog` gives its release log. The first time (no release
   * announced yet) the newest release is only noted, so subscribers hear of releases from then on.
   */
  released(readLog: () => Promise<LoggedRelease[]>): Promise<void> {
    this.queue = this.queue.then(() => this.announce(readLog)).catch((err: Error) => {
      this.options.logger.error({ event: 'webhook_delivery', err: err.message }, `webhooks: ${err.message}`);
    });
    return this.queue;
  }

  private async announce(readLog: () => Promise<LoggedRelease[]>): Promise<void> {
    const { dataDir } = this.options;
    const log = await readLog();
    const newest = log.reduce<string | null>((max, r) => (max === null || r.version > max ? r.version : max), null);
    if (newest === null) return;
    const announced = readAnnounced(dataDir);
    if (announced === null) {
      writeAnnounced(dataDir, newest);
      return;
    }
    const due = releasesAfter(log, announced);
    if (due.length === 0) return;
    // Noted before sending: a restart during the retries does not send the events again.
    writeAnnounced(dataDir, due[due.length - 1].version);
    const subscriptions = readSubscriptions(dataDir);
    for (const release of due) {
      for (const subscription of subscriptions) {
        const event = releaseEvent(release, subscription, this.options.publicBaseUrl);
        if (event) this.track(this.deliver(subscription, event));
      }
    }
  }

  private track(delivery: Promise<void>): void {
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }

  /** Resolves when the releases seen so far are announced and their deliveries have ended (tests). */
  async settled(): Promise<void> {
    await this.queue;
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries]);
  }

  /** Stops: attempts under way are cut, and retries not yet due are dropped. */
  close(): void {
    this.stop.abort();
    for (const w of this.waits) {
      clearTimeout(w.timer);
      w.resolve();
    }
    this.waits.clear();
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = { timer: setTimeout(() => (this.waits.delete(entry), resolve()), ms), resolve };
      entry.timer.unref();
      this.waits.add(entry);
    });
  }

  private async deliver(subscription: Subscription, event: ReleaseEvent): Promise<void> {
    const { settings, logger } = this.options;
    const body = JSON.stringify(event);
    for (let attempt = 1; attempt <= settings.attempts; attempt++) {
      if (attempt > 1) await this.wait(retryDelayMs(attempt, settings.retryMs));
      if (this.stop.signal.aborted) return;
      const started = performance.now();
      let status: number | null = null;
      let error: string | null = null;
      let addressRejected = false;
      // A timer of our own: Node 20 may collect an AbortSignal.timeout() referenced only by AbortSignal.any()
      // before it fires (nodejs/node#57736), and the attempt then waits as long as the receiver does.
      const cut = new AbortController();
      const timer = setTimeout(() => cut.abort(new DOMException(`no answer within ${settings.timeoutMs} ms`, 'TimeoutError')), settings.timeoutMs);
      const timestamp = String(Math.floor(Date.now() / 1000));
      try {
        // A redirect is not followed (send never does): the signed body goes to the address subscribed, or nowhere.
        const res = await send(subscription.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(body)),
            'User-Agent': 'tourism-stats-api-webhooks/1',
            'X-Event-Id': event.id,
            'X-Event-Type': event.type,
            'X-Timestamp': timestamp,
            'X-Signature': signEvent(subscription.secret, timestamp, body),
          },
          body,
          signal: AbortSignal.any([cut.signal, this.stop.signal]),
          publicOnly: !settings.allowPrivate,
        });
        status = res.status;
        await res.body?.cancel();
      } catch (err) {
        addressRejected = err instanceof AddressRejected;
        error = describe(err, cut.signal.aborted ? cut.signal.reason : this.stop.signal.aborted ? 'stopped' : null);
      } finally {
        clearTimeout(timer);
      }
      const delivered = status !== null && status >= 200 && status < 300;
      // A receiver rejected for its address stays rejected: no further attempt.
      const again = !delivered && attempt < settings.attempts && !addressRejected && (status === null || retryable(status));
      const outcome = delivered ? 'delivered' : again ? 'retrying' : 'failed';
      logger[delivered ? 'info' : 'warn'](
        {
          event: 'webhook_delivery',
          subscription: subscription.id,
          url: subscription.url,
          event_id: event.id,
          release: event.release,
          attempt,
          status,
          error,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
          outcome,
          ...(again ? { retry_in_ms: retryDelayMs(attempt + 1, settings.retryMs) } : {}),
        },
        `webhook ${subscription.id} attempt ${attempt}: ${status ?? error} (${outcome})`,
      );
      if (!again) return;
    }
  }
}

/** What went wrong with an attempt that got no answer, in a few words: why it was cut (`aborted`: the timeout's words or 'stopped'), a rejected address, or the network's error code. */
function describe(err: unknown, aborted: unknown): string {
  if (aborted !== null) return aborted instanceof Error ? aborted.message : String(aborted);
  if (err instanceof AddressRejected) return `refused: ${err.message}`;
  const e = err instanceof Error ? err : new Error(String(err));
  const cause = e.cause instanceof Error ? e.cause : null;
  const code = 'code' in e && typeof e.code === 'string' ? e.code : cause && 'code' in cause ? String(cause.code) : null;
  return code ?? (cause ?? e).message;
}
