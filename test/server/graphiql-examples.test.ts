/** GraphiQL's example tabs run as written on the real release, and say what they do. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GRAPHIQL_OPTIONS } from '../../src/server/graphiql';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const tabs = (GRAPHIQL_OPTIONS.defaultTabs ?? []).map((tab) => tab.query ?? '');

it('every example answers without errors', async () => {
  expect(tabs.length).toBeGreaterThan(2);
  for (const query of tabs) {
    const { status, body } = await s.graphql(query);
    expect(status, query).toBe(200);
    expect(body.errors, query).toBeUndefined();
  }
});

it('the "every country" example counts every country held', async () => {
  const query = tabs.find((q) => q.startsWith('# Every country'))!;
  const { body } = await s.graphql(query);
  const all = await s.graphql('{ countries { totalCount } }');
  expect(body.data.countries.totalCount).toBe(all.body.data.countries.totalCount);
  expect(body.data.countries.totalCount).toBeGreaterThan(200);
});
