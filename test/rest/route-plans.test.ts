/** Every route's minimum plan agrees with the plan scopes of the fields its operation touches. */
import { execute, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DataStore, type Snapshot } from '../../src/db/data-store';
import { PLANS, planRank } from '../../src/domain/types';
import { createContext } from '../../src/graphql/context';
import { schema } from '../../src/graphql/schema';
import { exampleValue } from '../../rest/examples';
import { ROUTES } from '../../rest/routes';
import { TEST_NOW } from '../helpers/server';

let store: DataStore;
let snapshot: Snapshot;
beforeAll(async () => {
  store = new DataStore(inject('dataDir'));
  snapshot = (await store.refresh())!;
});
afterAll(async () => store.close());

async function planErrors(route: (typeof ROUTES)[number], plan: (typeof PLANS)[number]) {
  const params: Record<string, unknown> = {};
  for (const spec of [...route.pathParams, ...route.query]) {
    if (spec.required || route.pathParams.includes(spec)) params[spec.name] = exampleValue(spec);
  }
  const result = await execute({
    schema,
    document: route.operation as DocumentNode,
    variableValues: route.variables(params) as Record<string, unknown>,
    contextValue: createContext({ plan, requestId: 'req_test', snapshot, now: new Date(TEST_NOW), publicBaseUrl: 'http://api.test', log: () => {} }),
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
