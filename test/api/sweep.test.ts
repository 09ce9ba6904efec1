/**
 * Every country held × every per-country /v1 route, and its first headline series × every
 * per-series route, against the real release on a real server: no answer may be a 5XX or a cut
 * connection. For every VARIANT_EVERY-th country in code order (12 of 225, monthly and annual ones
 * among them) the sweep goes further: every headline series, each route's other variants (each freq
 * it takes, CSV where offered) and the holiday routes, whose first answer for a country works out
 * its holiday rules (the sweep's costliest CPU for little more coverage). The requests are derived
 * from the route table, so a route added later is swept too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParamSpec } from '../../rest/params';
import type { Route } from '../../rest/route';
import { ROUTES } from '../../rest/routes';
import { FREQS } from '../../src/domain/types';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

const CONCURRENCY = 4;
const VARIANT_EVERY = 20;
const SAMPLED_ROUTES = new Set(['/v1/joins/holidays', '/v1/holidays/{iso}']);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

interface Held {
  iso: string;
  name: string;
  series: string[];
}

/** Each country with the aliases of its headline series, read once over GraphQL. */
async function heldCountries(): Promise<Held[]> {
  const { status, body } = await s.graphql('{ countries(first: 1000) { nodes { iso name series(headline: true) { alias } } } }');
  expect(status).toBe(200);
  return body.data.countries.nodes.map((c: { iso: string; name: string; series: { alias: string }[] }) => ({
    iso: c.iso,
    name: c.name,
    series: c.series.map((x) => x.alias),
  }));
}

const isCountryParam = (p: ParamSpec) => p.kind === 'CountryCode' || p.kind === '[CountryCode]';

/** What a route is asked for by: a country (path or query), a series, or neither. */
function bindingOf(route: Route<any, any>): 'country' | 'series' | null {
  const params = [...route.pathParams, ...route.query];
  if (params.some((p) => p.kind === 'SeriesRef' || (p.name === 'id' && route.path.includes('{id}')))) return 'series';
  if (route.path.includes('{iso}') || route.query.some(isCountryParam)) return 'country';
  return null;
}

/** The route's URL for one country or series: path parameters filled, required query parameters set. */
function urlFor(route: Route<any, any>, value: string, name: string, extra: Record<string, string>): string {
  const path = route.path.replace('{iso}', value).replace('{id}', value);
  const query = new URLSearchParams();
  for (const p of route.query) {
    if (p.kind === 'SeriesRef' && !route.path.includes('{id}')) query.set(p.name, value);
    else if (isCountryParam(p) && !route.path.includes('{iso}')) query.set(p.name, value);
    else if (p.required && p.kind === 'String') query.set(p.name, name);
  }
  for (const [k, v] of Object.entries(extra)) query.set(k, v);
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

/** Every variant of a route for one value: each freq it takes, each format it offers. */
function variants(route: Route<any, any>): Record<string, string>[] {
  const none: Record<string, string> = {};
  const freqs = route.query.some((p) => p.kind === 'Frequency') ? [none, ...FREQS.map((freq) => ({ freq }))] : [none];
  const formats = route.csv ? [none, { format: 'csv' }] : [none];
  return freqs.flatMap((f) => formats.map((fmt) => ({ ...f, ...fmt })));
}

interface Request {
  /** The route template, for the time spent per route. */
  route: string;
  url: string;
}

interface Failure {
  url: string;
  status: number | string;
  body: string;
}

/** Runs the requests CONCURRENCY at a time; a 5XX or a failed connection is a failure. */
async function sweep(requests: Request[]): Promise<{ failures: Failure[]; msByRoute: Map<string, number> }> {
  const failures: Failure[] = [];
  const msByRoute = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { route, url } = requests[next++];
      const started = performance.now();
      try {
        const res = await fetch(`${s.url}${url}`, { headers: { 'X-API-Key': KEYS.intel } });
        const body = await res.text();
        if (res.status >= 500) failures.push({ url, status: res.status, body: body.slice(0, 200) });
      } catch (err) {
        failures.push({ url, status: 'no answer', body: String((err as Error).cause ?? err) });
      }
      msByRoute.set(route, (msByRoute.get(route) ?? 0) + performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { failures, msByRoute };
}

describe('every per-country and per-series route for every country held', () => {
  it('answers below 500 every time', async () => {
    const countries = await heldCountries();
    expect(countries.length).toBeGreaterThan(200);
    const requests: Request[] = [];
    for (const route of ROUTES) {
      const binding = bindingOf(route);
      if (binding === null) continue;
      for (const [v, extra] of variants(route).entries()) {
        for (const [i, c] of countries.entries()) {
          const sampled = i % VARIANT_EVERY === 0;
          if ((v > 0 || SAMPLED_ROUTES.has(route.path)) && !sampled) continue;
          const values = binding === 'country' ? [c.iso] : sampled ? c.series : c.series.slice(0, 1);
          for (const value of values) requests.push({ route: route.path, url: urlFor(route, value, c.name, extra) });
        }
      }
    }
    // The links each country's record offers (origin-shift, stay-length, seasonality …) too.
    for (const c of countries) {
      const record = await (await s.get(`/v1/countries/${c.iso}`)).json();
      for (const stat of record.data?.statistics ?? []) requests.push({ route: `statistics: ${stat.name}`, url: stat.path });
    }
    const started = performance.now();
    const { failures, msByRoute } = await sweep(requests);
    const seconds = (performance.now() - started) / 1000;
    const slowest = [...msByRoute].sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(
      `sweep: ${requests.length} requests over ${countries.length} countries in ${seconds.toFixed(1)} s, ${failures.length} at 5XX or unanswered; ` +
        `most time in ${slowest.map(([route, ms]) => `${route} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
    expect(failures).toEqual([]);
  }, 1_800_000);
});
