/**
 * An error a resolver throws at every item of a list (a field above the caller's plan, a spent time
 * budget) is one shared GraphQLError. graphql-js locates each throw anew: a new error with that
 * item's path and a captured stack and its garbage, made after the resolver returned, so
 * outside the time slices (time-budget.ts). A forbidden field over every country in a hundred
 * aliases was tens of thousands of them, which stalled every other caller.
 *
 * Here a shared error is located once per list and place in its items (its path pattern, the path
 * with list indexes as `*`, within one list), and graphql-js keeps a located error as it is (it has
 * a path). A shared error holds for every item alike (the caller's plan is the same at every
 * country; a spent budget stays spent), so once it was thrown at one item, the field is not
 * resolved at the others (no scope check, no message): its located error is thrown at once. The
 * answer is the same: it lists each pattern once with the times it occurred (collapsedErrors,
 * src/server/graphql-plugins.ts), at the path of the first occurrence.
 *
 * Shared errors are thrown synchronously (scope-auth's scopes, the budget check); one a resolver's
 * promise rejected with would be located per item by graphql-js, as any other error is.
 */
import { GraphQLError, isObjectType, locatedError, type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';

const shared = new WeakSet<GraphQLError>();

/** Marks `error` as thrown at many places alike; returns it. */
export function sharedError<E extends GraphQLError>(error: E): E {
  shared.add(error);
  return error;
}

type PathStep = GraphQLResolveInfo['path'];

/**
 * Each execution's located errors, by the list they were thrown in (its own path step, which every
 * item's path shares; the execution's context where no list is above), the type whose field threw
 * (the items of a list may be of several) and the place in its items ('arrivals', 'economy.rows' …).
 * Only executions that threw one have an entry.
 */
const thrownIn = new WeakMap<object, WeakMap<object, Map<GraphQLObjectType, Map<string, GraphQLError>>>>();

/** The list above `path` (its own path step) and the steps from its item down to the field. */
function placeOf(path: PathStep, context: object): { list: object; within: string } {
  let within = '';
  for (let step: PathStep | undefined = path; step; step = step.prev) {
    if (typeof step.key === 'number') return { list: step.prev ?? context, within };
    within = within ? `${step.key}.${within}` : step.key;
  }
  return { list: context, within };
}

function pathArray(path: PathStep): (string | number)[] {
  const steps: (string | number)[] = [];
  for (let step: PathStep | undefined = path; step; step = step.prev) steps.push(step.key);
  return steps.reverse();
}

function locatedThere(context: unknown, info: GraphQLResolveInfo): GraphQLError | undefined {
  if (typeof context !== 'object' || context === null) return undefined;
  const byList = thrownIn.get(context);
  if (!byList) return undefined;
  const { list, within } = placeOf(info.path, context);
  return byList.get(list)?.get(info.parentType)?.get(within);
}

/** `error` located once at this place of this list when it is shared; any other error as it is. */
export function locatedOnce(error: unknown, context: unknown, info: GraphQLResolveInfo): unknown {
  if (!(error instanceof GraphQLError) || !shared.has(error) || typeof context !== 'object' || context === null) return error;
  let byList = thrownIn.get(context);
  if (!byList) thrownIn.set(context, (byList = new WeakMap()));
  const { list, within } = placeOf(info.path, context);
  let byType = byList.get(list);
  if (!byType) byList.set(list, (byType = new Map()));
  let byPlace = byType.get(info.parentType);
  if (!byPlace) byType.set(info.parentType, (byPlace = new Map()));
  let located = byPlace.get(within);
  if (!located) byPlace.set(within, (located = locatedError(error, info.fieldNodes, pathArray(info.path))));
  return located;
}

function locating(resolve: GraphQLFieldResolver<unknown, unknown>): GraphQLFieldResolver<unknown, unknown> {
  return (source, args, context, info) => {
    const thrown = locatedThere(context, info);
    if (thrown) throw thrown;
    try {
      return resolve(source, args, context, info);
    } catch (error) {
      throw locatedOnce(error, context, info);
    }
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
