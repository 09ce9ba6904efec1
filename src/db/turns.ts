/**
 * Turns of the event loop, shared by everything that works for a query on this one thread (field
 * resolvers, src/graphql/time-budget.ts; SQL statements, client.ts): once the current turn has run
 * such work for SLICE_MS, more of it waits for a later turn, so /healthz and the other callers are
 * answered between the slices instead of after them.
 *
 * Work that waits is let go in arrival order, a group at a time while the turn has time left (each
 * group after the first steps of the one before), so twenty thousand pieces waiting cost nothing per
 * turn beyond the groups that run: letting them all go at once to find out again that the turn was
 * spent touched every one of them every turn.
 */

/** The longest stretch of one turn of the event loop that query work runs before yielding it. */
export const SLICE_MS = 20;

/** When the current turn began running query work (null: none has run in this turn yet). */
let turnStarted: number | null = null;

/** How long the current turn has run query work; the first call in a turn starts its clock. */
export function msIntoTurn(now: number): number {
  if (turnStarted !== null) return now - turnStarted;
  turnStarted = now;
  // Runs once this turn's callbacks and promise jobs are done.
  setImmediate(() => (turnStarted = null));
  return 0;
}

/** Work waiting for a later turn, oldest first from `head`. */
let waiting: (() => void)[] = [];
let head = 0;
let scheduled = false;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    letGo();
  });
}

/**
 * Pieces let go at once, between looks at the clock. Each piece looks again before it works (a piece
 * let go too late waits again, at the back), so a larger group costs nothing but those returns; and
 * pieces that only ask a loader for rows (observations of a thousand series) go in one group, so
 * their loads are read in one batched statement rather than one per piece.
 */
const GROUP = 256;

/** Lets the oldest waiting pieces go, and the next group after their first steps, while the turn has time left. */
function letGo(): void {
  if (head === waiting.length) return;
  if (msIntoTurn(performance.now()) > SLICE_MS) return schedule();
  const group = waiting.slice(head, head + GROUP);
  head += group.length;
  if (head === waiting.length) {
    waiting = [];
    head = 0;
  } else if (head > 4096 && head * 2 > waiting.length) {
    waiting = waiting.slice(head);
    head = 0;
  }
  for (const next of group) next();
  // Queued after the jobs the group just queued, so it runs once they have taken their first steps.
  queueMicrotask(letGo);
}

/** Settles in a later turn of the event loop, after the work that waited before it. */
export function afterThisTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

/** null while this turn has time left for query work; else a promise of a later turn's. */
export function turnSpent(now = performance.now()): Promise<void> | null {
  return msIntoTurn(now) > SLICE_MS ? afterThisTurn() : null;
}
