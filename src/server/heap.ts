/**
 * V8 settings that keep resident memory near what the service holds, set once per process before
 * the first release is opened (measured with the GraphQL benchmark, compiled, NODE_ENV=production):
 *   - heap growth: by default V8 lets the heap grow to about four times what the last full collection
 *     retained when collections are cheap, and answers allocate a lot that dies young but outlives a
 *     scavenge, so resident memory climbed far past the live objects. Growing by 100% keeps the heap
 *     within about twice the live objects. A lower setting used less, but a query working through a
 *     hundred aliases of every country then ran full collections so often that their marking steps
 *     and pauses raised /healthz's p99 beside it (docs/performance.md).
 *     What a burst leaves behind is collected once the process is idle (IdleCollector).
 *   - WebAssembly compiled by the baseline compiler only: Prisma's query compiler is a WebAssembly
 *     module, and optimising it in the background left tens of megabytes in the compiler threads'
 *     malloc arenas for no measurable change in answer times (plans are compiled once per query shape).
 * A setting given on the command line or in NODE_OPTIONS is left alone.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export const HEAP_GROWING_PERCENT = 100;

const given = (flag: RegExp) => [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => flag.test(arg));

export function limitMemory(): void {
  if (!given(/heap[-_]growing[-_]percent/)) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  if (!given(/liftoff|wasm[-_]tier/)) v8.setFlagsFromString('--liftoff-only');
}

/** Growth of the heap's committed size since the last idle collection past which an idle spell is worth one. */
const IDLE_COLLECT_GROWTH_BYTES = 64 * 1024 * 1024;
/** How long no request runs before the process counts as idle. */
const IDLE_MS = 2000;

/** The heap's committed size: what it holds of the process's memory, live objects or not. */
const committed = () => v8.getHeapStatistics().total_heap_size;

/**
 * Full collections once the process has been idle for IDLE_MS after its heap's committed size grew
 * by IDLE_COLLECT_GROWTH_BYTES (or after a release was opened). V8 collects when it allocates; with
 * nothing allocating, what heavy answers left behind (tens of megabytes of result trees and texts)
 * waited for V8's memory reducer, which came a long while later or not at all, and resident memory
 * stayed high after a burst of large answers. The committed size is judged, not the live objects: a
 * burst often ends with a collection of V8's own, which leaves few live objects in a heap still
 * holding its pages, and judged by live objects the idle spell then went by without one. The pauses
 * fall where no request waits, and the compacting collection gives back more than two plain ones
 * (docs/performance.md).
 */
export class IdleCollector {
  private readonly collect: (() => void) | null;
  private committedAfter = committed();
  /** A collection is due at the next idle spell whatever the growth (after a release was opened). */
  private owed = false;
  /** Since when no request has run; null while one runs. */
  private idleSince: number | null = performance.now();
  private timer: NodeJS.Timeout | null = null;

  constructor() {
    // gc() in a context of its own: the service's global scope does not get it.
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    this.collect = typeof gc === 'function' ? () => void gc() : null;
  }

  /** A request began: not idle. (A timestamp, not a timer per request: the timer looks when it fires.) */
  busy(): void {
    this.idleSince = null;
  }

  /** A release was opened: what reading it left (its series rows read for the search index) is collected at the next idle spell. */
  releaseOpened(): void {
    this.owed = true;
    // With requests in flight, the last one's end arms the look.
    if (this.idleSince !== null && !this.timer) this.look(IDLE_MS);
  }

  /** The last request in flight ended: idle, unless another begins within IDLE_MS. */
  idle(): void {
    this.idleSince = performance.now();
    if (!this.timer) this.look(IDLE_MS);
  }

  private look(afterMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.idleSince === null) return;
      const left = IDLE_MS - (performance.now() - this.idleSince);
      if (left > 0) this.look(left);
      else this.maybeCollect();
    }, afterMs).unref();
  }

  private maybeCollect(): void {
    const collect = this.collect;
    if (!collect || (!this.owed && committed() - this.committedAfter < IDLE_COLLECT_GROWTH_BYTES)) return;
    this.owed = false;
    collect();
    this.committedAfter = committed();
    // A second collection, compacting, in a later turn so a request that came meanwhile is not delayed
    // waiting behind both: the first frees objects but leaves the pages they were on, and V8
    // compacts only badly fragmented pages of its own accord; compacted, the heap gives the pages back.
    setImmediate(() => {
      if (this.idleSince === null) return;
      v8.setFlagsFromString('--compact-on-every-full-gc');
      collect();
      v8.setFlagsFromString('--no-compact-on-every-full-gc');
      this.committedAfter = committed();
    });
  }
}
