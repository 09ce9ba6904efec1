/**
 * What the caller's plan cannot read is not read. plugin-prisma folds the columns and relations
 * of a field into its parent's statement before any field is resolved, so a field above the
 * caller's plan was loaded and only then rejected: a free key asking for every country's economy
 * (analyst) had the service read their series and figures for one plan_required error;
 * every country's arrivals, a statement of series rows per alias.
 *
 * Every field whose plan (its own scope, or its type's, as operation-plan.ts reads them) is known
 * from the schema selects nothing for a caller below that plan: its error (scope-auth, before
 * its resolver runs) is all the caller gets, as before. The rest of the query resolves as before.
 */
import { getNamedType, isObjectType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { PLANS, planRank, type Plan } from '../domain/types';
import { scopePlan } from './operation-plan';

function callerPlan(context: unknown): Plan | undefined {
  if (typeof context !== 'object' || context === null || !('plan' in context)) return undefined;
  return PLANS.find((plan) => plan === context.plan);
}

function fieldPlan(field: GraphQLField<unknown, unknown>): Plan {
  const own = scopePlan(field);
  const ofType = scopePlan(getNamedType(field.type));
  return planRank(ofType) > planRank(own) ? ofType : own;
}

/** plugin-prisma's field selection as a function of (args, context, nested selection, …). */
function selectionFunction(selection: unknown): ((...args: unknown[]) => unknown) | null {
  if (typeof selection === 'function') return (...args) => Reflect.apply(selection, undefined, args);
  // A fixed selection (columns, relations, their figures) is read by plugin-prisma as `{ select: it }`.
  if (typeof selection === 'object' && selection !== null) return () => ({ select: selection });
  return null;
}

/** Wraps, in place, the selection of every field above the free plan. */
export function withoutSelectionsAbovePlan(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const needed = fieldPlan(field);
      const select = selectionFunction(field.extensions.pothosPrismaSelect);
      if (needed === 'free' || !select) continue;
      field.extensions = {
        ...field.extensions,
        // A caller whose plan is unknown (no context of ours) is not present back here: scope-auth decides.
        pothosPrismaSelect: (...args: unknown[]) => {
          const plan = callerPlan(args[1]);
          // Nothing selected: plugin-prisma then leaves the field to its resolver, which scope-auth stops.
          return plan && planRank(plan) < planRank(needed) ? null : select(...args);
        },
      };
    }
  }
  return schema;
}
