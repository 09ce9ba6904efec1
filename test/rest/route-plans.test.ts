/**
 * Every route's minimum plan, derived from the plan scopes of the fields its operation touches
 * (src/graphql/operation-plan.ts), is the plan SPEC.md gives the endpoint; it holds, and no
 * field a route reads can be reached over GraphQL by a plan below the lowest route reading it: a
 * plan is a property of the data, whichever path leads to it.
 */
import { execute, getNamedType, isObjectType, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLField, type GraphQLNamedType } from 'graphql';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLANS, planRank, type Plan } from '../../src/domain/types';
import { createContext } from '../../src/graphql/context';
import { scopePlan } from '../../src/graphql/operation-plan';
import { schema } from '../../src/graphql/schema';
import { paramExample } from '../../rest/params';
import { variablesOf } from '../../rest/route-run';
import { ROUTES } from '../../rest/routes';
import { PROJECT_ROOT } from '../helpers/paths';
import { TEST_NOW } from '../helpers/server';
import { withTestSnapshot } from '../helpers/snapshot';

const release = withTestSnapshot();

/** The plan SPEC.md gives each endpoint: "**GET /v1/… ** (Developer and up)". */
function specPlans(): Map<string, Plan> {
  const spec = fs.readFileSync(path.join(PROJECT_ROOT, '../shared/spec/SPEC.md'), 'utf8');
  return new Map([...spec.matchAll(/\*\*GET (\/v1\/[^*\s]*)\*\* \((\w+) and up\)/g)].map(([, p, plan]) => [p, plan.toLowerCase() as Plan]));
}

it('derives for every route the plan SPEC.md gives it', () => {
  const spec = specPlans();
  const derived = ROUTES.filter((r) => spec.has(r.path)).map((r) => [r.path, r.plan]);
  expect(derived).toEqual(ROUTES.filter((r) => spec.has(r.path)).map((r) => [r.path, spec.get(r.path)]));
  expect(derived.length).toBeGreaterThanOrEqual(25);
});

async function planErrors(route: (typeof ROUTES)[number], plan: (typeof PLANS)[number]) {
  const params: Parameters<typeof variablesOf>[1] = {};
  for (const spec of [...route.pathParams, ...route.query]) {
    if (spec.required || route.pathParams.includes(spec)) params[spec.name] = paramExample(spec);
  }
  const result = await execute({
    schema,
    document: route.operation as DocumentNode,
    variableValues: variablesOf(route, params),
    contextValue: createContext({ plan, requestId: 'req_test', snapshot: release.snapshot, now: new Date(TEST_NOW), publicBaseUrl: 'http://api.test', log: () => {} }),
  });
  return (result.errors ?? []).filter((e) => e.extensions?.code === 'plan_required');
}

describe.each(ROUTES.map((r) => [r.path, r] as const))('%s', (_path, route) => {
  it(`resolves without plan errors on ${route.plan}`, async () => {
    expect(await planErrors(route, route.plan)).toEqual([]);
  });
  if (planRank(route.plan) > 0) {
    it('is refused by the plan below', async () => {
      const below = PLANS[planRank(route.plan) - 1];
      const errors = await planErrors(route, below);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.some((e) => e.extensions.plan === route.plan)).toBe(true);
    });
  }
});

/** The rank of the plan a field's or type's own authScopes ask for (free when it has none). */
const scopeOf = (node: GraphQLField<unknown, unknown> | GraphQLNamedType): number => planRank(scopePlan(node));

/** The lowest plan at which a value of each type can be read, from Query through every field's and type's scope. */
function reachByType(): Map<string, number> {
  const reach = new Map<string, number>([['Query', 0]]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || !reach.has(type.name)) continue;
      for (const field of Object.values(type.getFields())) {
        const target = getNamedType(field.type);
        const rank = Math.max(reach.get(type.name)!, scopeOf(field), scopeOf(target));
        if ((reach.get(target.name) ?? Infinity) > rank) {
          reach.set(target.name, rank);
          changed = true;
        }
      }
    }
  }
  return reach;
}

it('no field a route reads is open over GraphQL to a plan below every route reading it', () => {
  const lowest = new Map<string, Plan>();
  for (const route of ROUTES) {
    const info = new TypeInfo(schema);
    visit(
      route.operation as DocumentNode,
      visitWithTypeInfo(info, {
        Field() {
          const parent = info.getParentType();
          const field = info.getFieldDef();
          if (!parent || !field) return;
          const key = `${parent.name}.${field.name}`;
          const seen = lowest.get(key);
          if (!seen || planRank(route.plan) < planRank(seen)) lowest.set(key, route.plan);
        },
      }),
    );
  }
  const reach = reachByType();
  const open: string[] = [];
  for (const [key, plan] of lowest) {
    const [typeName, fieldName] = key.split('.');
    const type = schema.getType(typeName);
    if (!isObjectType(type) || !reach.has(typeName)) continue;
    const rank = Math.max(reach.get(typeName)!, scopeOf(type), scopeOf(type.getFields()[fieldName]));
    if (rank < planRank(plan)) open.push(`${key}: open to ${PLANS[rank]}, read only by ${plan} routes`);
  }
  expect(open).toEqual([]);
});
