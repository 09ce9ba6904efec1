/**
 * The plan an operation needs: the highest plan scope of the fields it touches and of the types
 * they return (scope-auth's `authScopes` on each, src/graphql/builder.ts). A REST route's minimum
 * plan is this of its fixed operation, so a plan is declared once, on the data.
 */
import { getNamedType, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLField, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import { PLANS, planRank, type Plan } from '../domain/types';

/** The plan a field's or type's own authScopes ask for (free when it has none). */
export function scopePlan(node: GraphQLField<unknown, unknown> | GraphQLNamedType): Plan {
  const options: unknown = node.extensions?.pothosOptions;
  const scopes = typeof options === 'object' && options !== null && 'authScopes' in options ? options.authScopes : undefined;
  if (typeof scopes !== 'object' || scopes === null) return 'free';
  return PLANS.find((p) => p in scopes && (scopes as Record<string, unknown>)[p] === true) ?? 'free';
}

const higher = (a: Plan, b: Plan): Plan => (planRank(b) > planRank(a) ? b : a);

export function operationPlan(schema: GraphQLSchema, document: DocumentNode): Plan {
  const info = new TypeInfo(schema);
  let plan: Plan = 'free';
  visit(
    document,
    visitWithTypeInfo(info, {
      Field() {
        const field = info.getFieldDef();
        if (field) plan = higher(plan, higher(scopePlan(field), scopePlan(getNamedType(field.type))));
      },
    }),
  );
  return plan;
}
