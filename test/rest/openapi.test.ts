/**
 * /openapi.json as a client generator reads it: it lints clean with Redocly's recommended rules, and
 * the real answer of every route (over HTTP, from the test release) fits the schema it declares, as
 * do its examples and its error answers.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest } from '../../rest/examples';
import { ROUTES } from '../../rest/routes';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let doc: any;
let ajv: Ajv2020;
beforeAll(async () => {
  s = await startTestServer();
  const res = await s.get('/openapi.json', { plan: null });
  expect(res.status).toBe(200);
  doc = await res.json();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: doc.components });
}, 120_000);
afterAll(async () => s?.close());

/** The schema a response declares, with its $refs resolved against the document's components. */
function validator(schema: unknown) {
  const text = JSON.stringify(schema).replace(/"\$ref":"#\/components/g, '"$ref":"openapi.json#/components');
  return ajv.compile(JSON.parse(text));
}

it('lints with 0 errors (Redocly, recommended rules)', async () => {
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
  const summary = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
  console.log(`redocly lint: ${problems.filter((p) => p.severity === 'error').length} errors, ${problems.filter((p) => p.severity === 'warn').length} warnings`, summary.slice(0, 20));
  expect(summary.filter((p) => p.startsWith('error'))).toEqual([]);
});

it('describes every route, each with its own answer schema, an operationId, a tag and a real example', () => {
  expect(Object.keys(doc.paths).sort()).toEqual(ROUTES.map((r) => r.path).sort());
  const ids = new Set<string>();
  for (const r of ROUTES) {
    const get = doc.paths[r.path].get;
    expect(get.operationId, r.path).toMatch(/^get[A-Z]/);
    ids.add(get.operationId);
    expect(get.tags, r.path).toHaveLength(1);
    // A file route (a bulk file) answers with the file itself, and a range of it.
    if (r.file) {
      expect(Object.keys(get.responses[200].content), r.path).toEqual(['application/octet-stream']);
      expect(get.responses[206], r.path).toBeDefined();
      continue;
    }
    const json = get.responses[200].content['application/json'];
    const answer = doc.components.schemas[json.schema.$ref.split('/').pop()];
    expect(answer.properties.data, r.path).not.toEqual({ type: ['array', 'object'] });
    expect(json.examples?.real?.value, `${r.path} example`).toBeDefined();
  }
  expect(ids.size).toBe(ROUTES.length);
  expect(doc.tags.map((t: { name: string }) => t.name)).toContain('Reference');
});

it('declares the transformations and, where observations are listed, JSON-stat and SDMX-CSV', () => {
  const get = (path: string) => doc.paths[path].get;
  const param = (path: string, name: string) => get(path).parameters.find((p: any) => p.name === name);
  expect(param('/v1/series/{id}/observations', 'units').schema.enum).toEqual(['lin', 'chg', 'ch1', 'pch', 'pc1', 'pca', 'log']);
  expect(param('/v1/series/{id}/observations', 'freq').schema.enum).toEqual(['M', 'Q', 'A']);
  expect(param('/v1/arrivals', 'to_freq').schema.enum).toEqual(['M', 'Q', 'A']);
  expect(param('/v1/spend', 'aggregation').schema.enum).toEqual(['sum', 'avg', 'eop']);
  for (const path of ['/v1/series/{id}/observations', '/v1/arrivals', '/v1/spend', '/v1/capacity']) {
    expect(param(path, 'format').schema.enum).toEqual(['json', 'csv', 'jsonstat', 'sdmx-csv']);
    expect(Object.keys(get(path).responses[200].content)).toContain('application/vnd.sdmx.data+csv');
    expect(get(path).responses[200].description).toMatch(/JSON-stat 2\.0/);
  }
  expect(param('/v1/countries', 'format').schema.enum).toEqual(['json', 'csv']);
  expect(param('/v1/status', 'format')).toBeUndefined();
});

it('names the 404 codes each route can give', () => {
  const codes = (path: string, status: number) => Object.keys(doc.paths[path].get.responses[status]?.content['application/json'].examples ?? {});
  expect(codes('/v1/countries/{iso}', 404)).toEqual(['unknown_country']);
  expect(codes('/v1/series/{id}/metadata', 404)).toEqual(['unknown_series']);
  expect(codes('/v1/regions/{region}', 404)).toEqual(['unknown_region']);
  expect(codes('/v1/arrivals', 404)).toEqual(['unknown_country']);
  expect(doc.paths['/v1/countries'].get.responses[404]).toBeUndefined();
  expect(codes('/v1/countries', 400)).toEqual(['invalid_parameter', 'unknown_parameter']);
  expect(codes('/v1/fuel', 403)).toEqual(['plan_required']);
  expect(doc.paths['/v1/countries'].get.responses[403]).toBeUndefined();
});

describe.each(ROUTES.map((r) => [r.path, r] as const))('%s', (path, route) => {
  it('answers a real request with JSON that fits its declared schema, as does its example', async () => {
    if (route.file) {
      // The file a listing names, as it is listed.
      const listed = (await (await s.get('/v1/bulk', { plan: 'free' })).json()).data[0];
      const res = await s.get(new URL(listed.url).pathname, { plan: route.plan, method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(listed.media_type);
      return;
    }
    const example = exampleRequest(route);
    const { path: p } = example;
    // A route answering in a document form of its own (the Atom feed) gives the envelope with format=json.
    const query = route.document ? [example.query, 'format=json'].filter(Boolean).join('&') : example.query;
    if (route.document) expect(Object.keys(doc.paths[path].get.responses[200].content)[0]).toBe(route.document.type.split(';')[0]);
    const res = await s.get(query ? `${p}?${query}` : p, { plan: route.plan });
    expect(res.status).toBe(200);
    const body = await res.json();
    const validate = validator(doc.paths[path].get.responses[200].content['application/json'].schema);
    expect(validate(body) ? [] : validate.errors, `${p}?${query}`).toEqual([]);
    expect(validate(doc.paths[path].get.responses[200].content['application/json'].examples.real.value) ? [] : validate.errors).toEqual([]);
    expect(body.meta.data_as_of).toBe(doc.paths[path].get.responses[200].content['application/json'].examples.real.value.meta.data_as_of);
  });
});

it('error answers fit the error schema of the route', async () => {
  const cases: [string, string, number, string][] = [
    ['/v1/countries/{iso}', '/v1/countries/ZZ', 404, 'unknown_country'],
    ['/v1/series/{id}/latest', '/v1/series/zz.arrivals.total.m/latest', 404, 'unknown_series'],
    ['/v1/countries', '/v1/countries?limit=0', 400, 'invalid_parameter'],
    ['/v1/fuel', '/v1/fuel', 403, 'plan_required'],
  ];
  for (const [template, url, status, code] of cases) {
    const res = await s.get(url, { plan: status === 403 ? 'free' : 'intel' });
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.error.code).toBe(code);
    const validate = validator(doc.paths[template].get.responses[status].content['application/json'].schema);
    expect(validate(body) ? [] : validate.errors, url).toEqual([]);
  }
  const missing = await s.get('/v1/countries', { plan: null });
  const validate = validator({ $ref: `#/components/schemas/Error` });
  expect(validate(await missing.json())).toBe(true);
});
