/**
 * Turns of the event loop, shared by everything that works for a query on this one thread (field
 * resolvers, src/graphql/time-budget.ts; SQL statements, client.ts): once the current turn has run
 * such work for SLICE_MS, more of it waits for a later turn, so /healthz and the other callers are
 * answered between the slices instead of after them.
 *
 * Work that waits is let go in arrival order while the turn has time left, so twenty thousand
 * pieces waiting cost nothing per turn beyond those that run: letting them all go at once to find
 * out again that the turn was spent touched every one of them every turn.
 */

/** The longest stretch of one turn of the event loop that query work runs before yielding it. */
export const SLICE_MS = 10;

/** When the current turn began running query work (null: none has run in this turn yet). */
let turnStarted: number | null = null;

/**
 * How long the current turn has run query work; the first call in a turn starts its clock. A turn
 * ends where the loop next polls for I/O (where /healthz is read): a timer runs in the phase just
 * before that poll. An immediate, which runs just after a poll, ended a turn begun by an I/O
 * callback before the loop had polled again, so work in that poll and in the check phase after it
 * each had a slice of its own.
 */
export function msIntoTurn(now: number): number {
  if (turnStarted !== null) return now - turnStarted;
  turnStarted = now;
  setTimeout(endTurn, 0);
  return 0;
}

function endTurn(): void {
  turnStarted = null;
}

/** Work waiting for a later turn, oldest first from `head`. */
let waiting: (() => void)[] = [];
let head = 0;
let scheduled = false;
/** Pieces ever queued and ever let go, counted in arrival order. */
let queued = 0;
let released = 0;
/** What waits for the pieces queued before it to be let go (and take their first steps), oldest first. */
const afterWaves: { until: number; then: () => void }[] = [];

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    letGo();
  });
}

/**
 * Pieces go one at a time, the next once the last one's work is done: a piece's work goes on in
 * promise jobs after its first step (a statement's rows mapped by Prisma, a list of them completed
 * by graphql-js, a thousand countries' fields after it), and letting several go at once, timed by
 * their first steps, let a group's jobs run on far past the slice. So the next piece waits for a tick
 * asked for from a promise job (process.nextTick), which comes once all promise jobs have run,
 * and the clock is read then. A piece let go too late (another's work spent the turn) looks again
 * and waits again, at the back. Loads meant to be batched gather until the pieces that ask for them
 * have all gone (afterWaitingWork), not over one piece.
 */
function letGo(): void {
  while (afterWaves.length > 0 && afterWaves[0].until <= released) afterWaves.shift()!.then();
  if (head === waiting.length) return;
  if (msIntoTurn(performance.now()) > SLICE_MS) return schedule();
  const next = waiting[head];
  waiting[head++] = noop;
  released++;
  if (head === waiting.length) {
    waiting = [];
    head = 0;
  } else if (head > 4096 && head * 2 > waiting.length) {
    waiting = waiting.slice(head);
    head = 0;
  }
  next();
  queueMicrotask(afterItsWork);
}

function afterItsWork(): void {
  process.nextTick(letGo);
}

function noop(): void {}

/** Settles in a later turn of the event loop, after the work that waited before it. */
export function afterThisTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    queued++;
    schedule();
  });
}

/**
 * Calls `then` once the pieces waiting now have all been let go and taken their first steps, or
 * in the next turn when none waits: when a batch of loads asked for by the resolvers of one list is
 * complete, though its resolvers run over several turns (loaders.ts).
 */
export function afterWaitingWork(then: () => void): void {
  if (released === queued) setImmediate(then);
  else afterWaves.push({ until: queued, then });
}

/** Settles at once while this turn has time left for query work, else in a later turn that has. */
export async function aTurnWithTime(): Promise<void> {
  for (let later = turnSpent(); later; later = turnSpent()) await later;
}

/** null while this turn has time left for query work; else a promise of a later turn's. */
export function turnSpent(now = performance.now()): Promise<void> | null {
  return msIntoTurn(now) > SLICE_MS ? afterThisTurn() : null;
}
