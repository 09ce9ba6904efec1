/**
 * No execution holds the event loop, and none runs without end.
 *
 * - Time slices: every field resolver of the schema is wrapped (withTimeSlices) so that once the
 *   current turn of the event loop has run query work for SLICE_MS (src/db/turns.ts, which SQL
 *   statements wait on too), the next resolver of an object or a list of objects waits for a later
 *   turn: a query over every series is computed in slices with the loop's other callbacks between
 *   them, so /healthz and the other callers are answered meanwhile instead of after. A field of
 *   scalars (a value of its parent's row, mostly) resolves in the turn it is reached: it leads to no
 *   further resolvers, and deferring it made each scalar of every row past the slice a promise of
 *   its own (a page of 1000 series: 12,000), which doubled the page's work and its garbage.
 * - A time budget per execution (withinBudget, used by /graphql and /v1 alike): past it, the
 *   execution is answered with one `timeout` error and stopped: its resolvers throw from then on and
 *   what it waits for (holiday rules in the worker) is told through the budget's signal.
 */
import { setMaxListeners } from 'node:events';
import { GraphQLError, getNamedType, isLeafType, isObjectType, type ExecutionResult, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { msIntoTurn, turnSpent } from '../db/turns';
import { ApiError, type ErrorCode } from '../errors';
import { locatedOnce, sharedError } from './repeated-errors';

export interface ExecutionBudget {
  /** performance.now() past which the execution is stopped. */
  deadline: number;
  /** Aborted when the budget is spent: whatever the execution waits for can stop working for it. */
  signal: AbortSignal;
  /** The error each resolver throws once the budget is spent. */
  spent: GraphQLError;
}

/** Default budget: many times the slowest admitted query alone, short of a caller's patience. */
export const DEFAULT_BUDGET_MS = 10_000;

export const TIMEOUT_CODE = 'timeout' satisfies ErrorCode;

export function timeoutError(budgetMs: number): ApiError {
  return new ApiError(
    TIMEOUT_CODE,
    `The query ran past its time budget of ${budgetMs / 1000} s and was stopped; ask for less at once (fewer aliases, years or series per request).`,
    {},
    { budgetMs },
  );
}

type BudgetedContext = { budget?: ExecutionBudget } | null | undefined;

/** `mayWait`: whether the resolver waits for the next turn once this one is past SLICE_MS (not for a field of scalars). */
function sliced(resolve: GraphQLFieldResolver<unknown, BudgetedContext>, mayWait: boolean): GraphQLFieldResolver<unknown, BudgetedContext> {
  const run: GraphQLFieldResolver<unknown, BudgetedContext> = (source, args, context, info) => {
    const now = performance.now();
    const budget = context?.budget;
    if (budget && now > budget.deadline) throw locatedOnce(budget.spent, context, info);
    if (mayWait) {
      const later = turnSpent(now);
      if (later) return later.then(() => run(source, args, context, info));
    } else msIntoTurn(now);
    return resolve(source, args, context, info);
  };
  return run;
}

/** Wraps, in place, every field resolver of `schema` (fields without one only read a property). */
export function withTimeSlices(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) if (field.resolve) field.resolve = sliced(field.resolve, !isLeafType(getNamedType(field.type)));
  }
  return schema;
}

/** Whether a result (graphql-js's, or another executor's) carries an error of a spent budget. */
function ranPastBudget(result: object): boolean {
  return 'errors' in result && Array.isArray(result.errors) && result.errors.some((e) => e instanceof GraphQLError && e.extensions?.code === TIMEOUT_CODE);
}

/**
 * Runs `execute` within `budgetMs`: past it, the answer is `{ data: null, errors: [timeout] }` at
 * once, even while the execution still waits (for the execution queue, a worker), the budget's
 * signal is aborted and `onStopped` is told. An execution that ran into the deadline itself is
 * answered the same.
 */
export async function withinBudget<R extends object>(
  budgetMs: number,
  execute: (budget: ExecutionBudget) => R | Promise<R>,
  onStopped?: () => void,
): Promise<R | ExecutionResult> {
  const controller = new AbortController();
  // Each awaited country-year of holidays listens for the abort until it settles: a join over
  // decades adds dozens, which is no leak (Node would warn past 10).
  setMaxListeners(0, controller.signal);
  const spent = sharedError(timeoutError(budgetMs));
  const budget: ExecutionBudget = { deadline: performance.now() + budgetMs, signal: controller.signal, spent };
  const stopped: ExecutionResult = { data: null, errors: [spent] };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ExecutionResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(spent);
      resolve(stopped);
    }, budgetMs);
  });
  try {
    const result = await Promise.race([execute(budget), timedOut]);
    if (result !== stopped && !ranPastBudget(result)) return result;
    onStopped?.();
    return stopped;
  } finally {
    clearTimeout(timer);
  }
}
