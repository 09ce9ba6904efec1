/**
 * /metrics in the Prometheus text format (prom-client): requests and latency by route and status,
 * answer-cache lookups and hit ratio, the release served, GraphQL operation cost, and the
 * process's own figures (CPU, memory, event-loop delay). One registry per service instance.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Snapshot } from '../db/data-store';

export type AnswerCache = 'rest' | 'graphql';

/** One route and status's requests: how many, their summed duration, and how many fell in each bucket (the last: above all). */
interface RouteTally {
  count: number;
  sum: number;
  buckets: Float64Array;
}

/** Latency buckets in seconds: cached answers take well under a millisecond, uncached ones up to seconds. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** GraphQL cost as the complexity plugin counts it; the limit is 20 000. */
const COST_BUCKETS = [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 20_000];

export class Metrics {
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  /** Counted as plain numbers on the hot path; the two cache metrics read them when scraped. */
  private readonly cacheCounts: Record<AnswerCache, { hit: number; miss: number }> = {
    rest: { hit: 0, miss: 0 },
    graphql: { hit: 0, miss: 0 },
  };
  private readonly release = new Gauge({
    name: 'release_info',
    help: 'The data release served (value 1), labelled with its name, content version and date.',
    labelNames: ['release', 'data_version', 'data_as_of'] as const,
    registers: [this.registry],
  });
  private readonly releaseLoaded = new Gauge({
    name: 'release_loaded_timestamp_seconds',
    help: 'When the served release was opened by this process (Unix time).',
    registers: [this.registry],
  });
  private readonly cost = new Histogram({
    name: 'graphql_operation_cost',
    help: 'Cost (complexity) of executed GraphQL operations.',
    buckets: COST_BUCKETS,
    registers: [this.registry],
  });
  /**
   * Requests by route, then status, counted as plain numbers: prom-client's labelled counter and
   * histogram hash their labels on every call, which cost more than answering a cached request.
   * They are written in the exposition format when scraped (requestsText).
   */
  private readonly tallies = new Map<string, Map<number, RouteTally>>();

  constructor() {
    const counts = this.cacheCounts;
    new Counter({
      name: 'answer_cache_lookups_total',
      help: 'Lookups in the answer caches, by cache and result (hit or miss).',
      labelNames: ['cache', 'result'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const cache of Object.keys(counts) as AnswerCache[]) {
          for (const result of ['hit', 'miss'] as const) this.inc({ cache, result }, counts[cache][result]);
        }
      },
    });
    new Gauge({
      name: 'answer_cache_hit_ratio',
      help: 'Share of answer-cache lookups that were hits since start, by cache.',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect() {
        for (const cache of Object.keys(counts) as AnswerCache[]) {
          const { hit, miss } = counts[cache];
          this.set({ cache }, hit + miss === 0 ? 0 : hit / (hit + miss));
        }
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /** One answered request: `route` is a template (never a raw path), so the label set stays small. */
  request(route: string, status: number, seconds: number): void {
    let byStatus = this.tallies.get(route);
    if (!byStatus) this.tallies.set(route, (byStatus = new Map()));
    let tally = byStatus.get(status);
    if (!tally) byStatus.set(status, (tally = { count: 0, sum: 0, buckets: new Float64Array(DURATION_BUCKETS.length + 1) }));
    tally.count++;
    tally.sum += seconds;
    let b = 0;
    while (b < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[b]) b++;
    tally.buckets[b]++;
  }

  cacheLookup(cache: AnswerCache, hit: boolean): void {
    this.cacheCounts[cache][hit ? 'hit' : 'miss']++;
  }

  releaseServed(snapshot: Snapshot, release: string): void {
    this.release.reset();
    this.release.set({ release, data_version: snapshot.dataVersion, data_as_of: snapshot.dataAsOf }, 1);
    this.releaseLoaded.set(Date.now() / 1000);
  }

  /** The hook for the GraphQL layer: the cost of each operation it executes. */
  graphqlCost(cost: number): void {
    if (Number.isFinite(cost)) this.cost.observe(cost);
  }

  async text(): Promise<string> {
    return `${await this.registry.metrics()}\n${requestsText(this.tallies)}`;
  }
}

const REQUESTS_HELP = '# HELP http_requests_total Requests answered, by route template and status.\n# TYPE http_requests_total counter\n';
const DURATION_HELP =
  '# HELP http_request_duration_seconds Time from the request to the last byte of the answer, by route template and status.\n# TYPE http_request_duration_seconds histogram\n';

/** A label value as the exposition format writes it. */
function labelValue(text: string): string {
  return text.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/** The request counter and latency histogram in the Prometheus text format, as prom-client writes them. */
function requestsText(tallies: ReadonlyMap<string, ReadonlyMap<number, RouteTally>>): string {
  let requests = REQUESTS_HELP;
  let duration = DURATION_HELP;
  for (const [route, byStatus] of tallies) {
    for (const [status, tally] of byStatus) {
      const labels = `route="${labelValue(route)}",status="${status}"`;
      requests += `http_requests_total{${labels}} ${tally.count}\n`;
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, b) => {
        cumulative += tally.buckets[b];
        duration += `http_request_duration_seconds_bucket{le="${le}",${labels}} ${cumulative}\n`;
      });
      duration += `http_request_duration_seconds_bucket{le="+Inf",${labels}} ${tally.count}\n`;
      duration += `http_request_duration_seconds_sum{${labels}} ${tally.sum}\n`;
      duration += `http_request_duration_seconds_count{${labels}} ${tally.count}\n`;
    }
  }
  return `${requests}\n${duration}`;
}

/** Whether an Authorization header carries the bearer token (METRICS_TOKEN), compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return typeof header === 'string' && timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}
