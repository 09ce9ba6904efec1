/**
 * Rate counters for node:cluster workers, held by the primary. Each worker gathers the requests it
 * counts within one turn of its event loop into one IPC message and the primary answers them in
 * order with one message back: counting stays exact (one counter, one order) while the IPC cost is
 * paid per batch, not per request (one message each way per request made two workers slower than one).
 */
import cluster, { type Worker } from 'node:cluster';
import { RateLimiter, type Limiter, type PlanRates, type RateDecision } from '../../rest/rate-limit';
import type { Plan } from '../domain/types';

interface TakeBatch {
  tourismRateTakes: number;
  takes: [keyId: string, plan: Plan][];
}

interface DecisionBatch {
  tourismRateDecisions: number;
  decisions: RateDecision[];
}

const isTakeBatch = (m: unknown): m is TakeBatch => typeof m === 'object' && m !== null && 'tourismRateTakes' in m;
const isDecisionBatch = (m: unknown): m is DecisionBatch => typeof m === 'object' && m !== null && 'tourismRateDecisions' in m;

/** In the primary: one in-memory counter for all workers, answering each batch in order. */
export function serveClusterLimits(rates: PlanRates): void {
  const limiter = new RateLimiter(rates);
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isTakeBatch(message)) return;
    const decisions = message.takes.map(([keyId, plan]) => limiter.take(keyId, plan));
    const reply: DecisionBatch = { tourismRateDecisions: message.tourismRateTakes, decisions };
    if (worker.isConnected()) worker.send(reply);
  });
}

interface Pending {
  keyId: string;
  plan: Plan;
  resolve: (d: RateDecision) => void;
}

/**
 * In a worker: counts through the primary. A batch the primary leaves unanswered for `timeoutMs`
 * is counted in this worker's memory instead, so requests go on being answered (limits per worker
 * until the primary answers again).
 */
export class ClusterLimiter implements Limiter {
  private pending: Pending[] = [];
  private readonly inFlight = new Map<number, { batch: Pending[]; timer: NodeJS.Timeout }>();
  private sequence = 0;
  private readonly local: RateLimiter;

  constructor(
    rates: PlanRates,
    private readonly timeoutMs = 2000,
  ) {
    this.local = new RateLimiter(rates);
    process.on('message', (message: unknown) => {
      if (!isDecisionBatch(message)) return;
      const sent = this.inFlight.get(message.tourismRateDecisions);
      if (!sent) return;
      this.inFlight.delete(message.tourismRateDecisions);
      clearTimeout(sent.timer);
      sent.batch.forEach((p, i) => p.resolve(message.decisions[i]));
    });
  }

  take(keyId: string, plan: Plan): Promise<RateDecision> {
    return new Promise((resolve) => {
      if (this.pending.push({ keyId, plan, resolve }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const id = ++this.sequence;
    const countHere = () => {
      this.inFlight.delete(id);
      for (const p of batch) p.resolve(this.local.take(p.keyId, p.plan));
    };
    const message: TakeBatch = { tourismRateTakes: id, takes: batch.map((p) => [p.keyId, p.plan]) };
    if (!process.send || !process.connected) return countHere();
    this.inFlight.set(id, { batch, timer: setTimeout(countHere, this.timeoutMs) });
    process.send(message);
  }
}
