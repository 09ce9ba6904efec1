/**
 * An error a resolver throws at every item of a list (a field above the caller's plan, a spent time
 * budget) is one shared GraphQLError. graphql-js locates each throw anew: a new error with that
 * item's path and a captured stack, ~15 µs and its garbage, made after the resolver returned, so
 * outside the time slices (time-budget.ts). A forbidden field over every country in a hundred
 * aliases was 22,500 of them: over a second of work, stalls of 0.7 s for every other caller.
 *
 * Here a shared error is located once per execution and path pattern (the path with list indexes
 * as `*`): later throws at that pattern throw that located error again, which graphql-js keeps as
 * it is (it has a path). The answer is the same: it lists each pattern once with the times it
 * occurred (collapsedErrors, src/server/graphql-plugins.ts), at the path of the first occurrence.
 */
import { GraphQLError, isObjectType, locatedError, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';

const shared = new WeakSet<GraphQLError>();

/** Marks `error` as thrown at many places alike; returns it. */
export function sharedError<E extends GraphQLError>(error: E): E {
  shared.add(error);
  return error;
}

/** Each execution's located errors (by its context, one per request) by shared error and path pattern. */
const locatedByExecution = new WeakMap<object, Map<GraphQLError, Map<string, GraphQLError>>>();

type PathStep = GraphQLResolveInfo['path'];

/** The path of `info` with list indexes left out: the same for every item of the lists above it. */
function pathPattern(path: PathStep): string {
  let pattern = '';
  for (let step: PathStep | undefined = path; step; step = step.prev) if (typeof step.key === 'string') pattern = `${step.key}.${pattern}`;
  return pattern;
}

function pathArray(path: PathStep): (string | number)[] {
  const steps: (string | number)[] = [];
  for (let step: PathStep | undefined = path; step; step = step.prev) steps.push(step.key);
  return steps.reverse();
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && 'then' in value && typeof value.then === 'function';
}

function locatedOnce(error: unknown, context: unknown, info: GraphQLResolveInfo): unknown {
  if (!(error instanceof GraphQLError) || !shared.has(error) || typeof context !== 'object' || context === null) return error;
  let byError = locatedByExecution.get(context);
  if (!byError) locatedByExecution.set(context, (byError = new Map()));
  let byPattern = byError.get(error);
  if (!byPattern) byError.set(error, (byPattern = new Map()));
  const pattern = pathPattern(info.path);
  let located = byPattern.get(pattern);
  if (!located) byPattern.set(pattern, (located = locatedError(error, info.fieldNodes, pathArray(info.path))));
  return located;
}

function locating(resolve: GraphQLFieldResolver<unknown, unknown>): GraphQLFieldResolver<unknown, unknown> {
  return (source, args, context, info) => {
    let result: unknown;
    try {
      result = resolve(source, args, context, info);
    } catch (error) {
      throw locatedOnce(error, context, info);
    }
    if (isThenable(result)) {
      return result.then(undefined, (error: unknown) => {
        throw locatedOnce(error, context, info);
      });
    }
    return result;
  };
}

/** Wraps, in place, every field resolver of `schema` (fields without one only read a property). */
export function withSharedErrorsLocatedOnce(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) if (field.resolve) field.resolve = locating(field.resolve);
  }
  return schema;
}
