/**
 * What an operation's fields say of it: the plan it needs, the highest plan scope of the fields it
 * touches and of the types they return (scope-auth's `authScopes` on each, src/graphql/builder.ts),
 * and the errors its fields may answer with (`extensions.throws`, e.g. unknown_country). A REST
 * route's minimum plan and its documented errors are these of its fixed operation, so each is
 * declared once, on the data.
 */
import { getNamedType, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLField, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import { PLANS, planRank, type Plan } from '../domain/types';
import { isErrorCode, type ErrorCode } from '../errors';

/** A field's extensions naming the errors its resolver throws (read by operationErrorCodes). */
export function throws(...codes: ErrorCode[]): { throws: ErrorCode[] } {
  return { throws: codes };
}

/** The errors the fields an operation touches may answer with. */
export function operationErrorCodes(schema: GraphQLSchema, document: DocumentNode): ErrorCode[] {
  const info = new TypeInfo(schema);
  const codes = new Set<ErrorCode>();
  visit(
    document,
    visitWithTypeInfo(info, {
      Field() {
        const said: unknown = info.getFieldDef()?.extensions?.throws;
        if (Array.isArray(said)) for (const code of said) if (isErrorCode(code)) codes.add(code);
      },
    }),
  );
  return [...codes].sort();
}

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
