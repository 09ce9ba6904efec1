/**
 * The fixed list of requests bench:compare sends to both servers and whose answers it compares: every
 * /v1 route with representative parameters in each format it offers, GraphQL over GET and POST, MCP
 * tool calls, the docs, and errors (bad parameters, no key, an unknown key, a plan too low, a query
 * over the cost limit, odd JSON bodies), each with the plan whose key it is sent with.
 */

export type Caller = 'free' | 'developer' | 'analyst' | 'intel' | 'none' | 'unknown';

export const PLANS = ['free', 'developer', 'analyst', 'intel'] as const;

export interface Ask {
  /** Unique in the list: how differences name the request. */
  label: string;
  method: 'GET' | 'POST' | 'HEAD' | 'OPTIONS';
  path: string;
  caller: Caller;
  headers?: Record<string, string>;
  body?: string;
  /** Sent again with If-None-Match set to the ETag of a first answer (the first is not recorded). */
  revalidate?: boolean;
}

/** The release the bulk file requests name: the one an ingest makes when "today" is `now` (YYYY-MM-DD). */
export function releaseName(now: string): string {
  return `${now.replace(/-/g, '')}T000000Z`;
}

const SERIES = 'es.nights.total.m';
const JSON_BODY = { 'Content-Type': 'application/json' };
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

function get(path: string, caller: Caller, more: Partial<Ask> = {}): Ask {
  return { label: `GET ${path} [${caller}]${more.headers ? ` ${Object.entries(more.headers).map(([k, v]) => `${k}: ${v}`).join('; ')}` : ''}`, method: 'GET', path, caller, ...more };
}

/** A /v1 path in every format it offers: JSON (the default), CSV, and JSON-stat and SDMX-CSV for datasets. */
function formats(path: string, caller: Caller, offered: ('csv' | 'jsonstat' | 'sdmx-csv')[]): Ask[] {
  const join = path.includes('?') ? '&' : '?';
  return [get(path, caller), ...offered.map((f) => get(`${path}${join}format=${f}`, caller))];
}

const ROWS = ['csv'] as const;
const DATASET = ['csv', 'jsonstat', 'sdmx-csv'] as const;

/** Every /v1 route (with moreRestAsks): its answer at the lowest plan it admits, in each format it offers. */
function restAsks(now: string): Ask[] {
  return [
    // Reference.
    ...formats('/v1/countries', 'free', [...ROWS]),
    get('/v1/countries?freq=M&limit=5', 'free'),
    get('/v1/countries?limit=3&cursor=QUY', 'free'),
    get('/v1/countries/ES', 'free'),
    get('/v1/countries/ES', 'intel'),
    get('/v1/countries/JP', 'developer'),
    ...formats('/v1/countries/FR/peers', 'free', [...ROWS]),
    ...formats('/v1/regions', 'free', [...ROWS]),
    ...formats('/v1/holidays/ES?year=2025', 'free', [...ROWS]),
    get('/v1/holidays/DE', 'free'),
    ...formats('/v1/fx/latest', 'free', [...ROWS]),
    get('/v1/fx/latest?currency=USD,JPY', 'free'),
    get('/v1/status', 'free'),
    get('/v1/status', 'intel'),
    // Rivals and briefs.
    ...formats('/v1/countries/ES/rivals', 'developer', [...ROWS]),
    get('/v1/countries/ES/brief', 'analyst'),
    get('/v1/countries/JP/brief', 'intel'),
    // Measures.
    ...formats('/v1/arrivals?country=ES&from=2015', 'developer', [...DATASET]),
    get('/v1/arrivals?from=2019&to=2019', 'developer'),
    get('/v1/arrivals?country=FR&freq=Q&from=2018&units=pc1', 'developer'),
    get('/v1/arrivals?country=ES&to_freq=A&aggregation=sum&from=2015', 'developer'),
    get('/v1/arrivals?country=ES&from=2023&provenance=true&status=true', 'analyst'),
    ...formats('/v1/capacity?country=ES', 'developer', [...DATASET]),
    ...formats('/v1/spend?country=FR&currency=EUR', 'developer', [...DATASET]),
    get('/v1/spend?country=JP', 'intel'),
    ...formats('/v1/nights/by-region?iso=ES', 'developer', [...ROWS]),
    get('/v1/nights/by-region?iso=IT&period=2024&provenance=true', 'developer'),
    // Series.
    ...formats('/v1/series/search?q=nights%20spain', 'developer', [...ROWS]),
    get('/v1/series/search?q=hotel&country=FR&measure=nights&freq=M&headline=false&limit=3', 'developer'),
    get(`/v1/series/${SERIES}/metadata`, 'developer'),
    get(`/v1/series/${SERIES}/latest`, 'developer'),
    ...formats('/v1/tables?country=ES', 'developer', [...ROWS]),
    get('/v1/tables?limit=5', 'developer'),
    ...formats(`/v1/series/${SERIES}/observations?from=2019`, 'developer', [...DATASET]),
    get(`/v1/series/${SERIES}/observations?from=2015&freq=A&aggregation=avg&units=pch`, 'developer'),
    get(`/v1/series/${SERIES}/observations?as_of=${now}&from=2024&provenance=true`, 'developer'),
    ...formats(`/v1/series/${SERIES}/vintages`, 'developer', [...ROWS]),
  ];
}

/** The rest of the /v1 routes, and the HTTP semantics every answer shares. */
function moreRestAsks(now: string): Ask[] {
  const release = releaseName(now);
  return [
    // Analysis.
    ...formats(`/v1/seasonality?id=${SERIES}`, 'developer', [...ROWS]),
    ...formats(`/v1/joins/holidays?id=${SERIES}&from=2019&to=2019`, 'developer', [...ROWS]),
    ...formats('/v1/stats/tourism-intensity', 'analyst', [...ROWS]),
    get('/v1/stats/tourism-intensity?year=2019&limit=10', 'analyst'),
    ...formats('/v1/stats/origin-shift?country=JP', 'intel', [...ROWS]),
    get('/v1/stats/origin-shift?country=ES&limit=5', 'intel'),
    ...formats('/v1/stats/stay-length?country=ES', 'analyst', [...ROWS]),
    ...formats('/v1/regions/europe?measure=nights', 'developer', [...ROWS]),
    get('/v1/regions/asia-pacific?measure=arrivals&from=2015&to=2020', 'developer'),
    // Quality.
    ...formats('/v1/countries/ES/coverage', 'developer', [...ROWS]),
    ...formats('/v1/gaps?country=ES', 'free', [...ROWS]),
    get('/v1/gaps', 'free'),
    ...formats('/v1/freshness', 'free', [...ROWS]),
    get('/v1/freshness?freq=M', 'free'),
    ...formats('/v1/calendar', 'developer', [...ROWS]),
    get('/v1/calendar?country=ES', 'developer'),
    // Releases and bulk files.
    ...formats('/v1/releases/latest', 'developer', [...ROWS]),
    get('/v1/releases/feed', 'free'),
    get('/v1/releases/feed?country=ES', 'free'),
    get('/v1/releases/feed?format=json', 'free'),
    ...formats('/v1/bulk', 'free', [...ROWS]),
    get(`/v1/bulk?release=${release}`, 'free'),
    get(`/v1/bulk/${release}/observations.parquet`, 'analyst'),
    get(`/v1/bulk/${release}/observations.parquet`, 'analyst', { headers: { Range: 'bytes=0-99' } }),
    // Fuel and economy.
    ...formats('/v1/fuel?from=2020', 'analyst', [...ROWS]),
    ...formats('/v1/economy/FR?from=2010', 'analyst', [...ROWS]),
    ...formats('/v1/economy/FR/tourism', 'analyst', [...ROWS]),
    // HTTP semantics: HEAD, a revalidation, compression, CORS.
    { label: 'HEAD /v1/countries [free]', method: 'HEAD', path: '/v1/countries', caller: 'free' },
    { label: 'GET /v1/countries [free] If-None-Match', method: 'GET', path: '/v1/countries', caller: 'free', revalidate: true },
    { label: 'GET /v1/arrivals?country=ES&from=2015 [developer] If-None-Match', method: 'GET', path: '/v1/arrivals?country=ES&from=2015', caller: 'developer', revalidate: true },
    get('/v1/countries', 'free', { headers: { 'Accept-Encoding': 'br' } }),
    get('/v1/arrivals?country=ES&from=2015&format=csv', 'developer', { headers: { 'Accept-Encoding': 'gzip' } }),
    get('/v1/countries/ES', 'free', { headers: { Origin: 'https://example.org' } }),
    {
      label: 'OPTIONS /v1/countries preflight',
      method: 'OPTIONS',
      path: '/v1/countries',
      caller: 'none',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'X-API-Key' },
    },
  ];
}

/** Refusals on /v1: bad parameters, keys, plans, paths and methods. */
function restErrors(): Ask[] {
  return [
    get('/v1/countries', 'none'),
    get('/v1/countries', 'unknown'),
    get('/v1/countries/ES/brief', 'free'),
    get('/v1/countries/ES/brief', 'developer'),
    get('/v1/stats/origin-shift?country=JP', 'analyst'),
    get('/v1/arrivals?country=ES', 'free'),
    get('/v1/bulk/20990101T000000Z/observations.parquet', 'analyst'),
    get('/v1/bulk/latest/secrets.txt', 'analyst'),
    get('/v1/countries/XX', 'free'),
    get('/v1/countries/españa', 'free'),
    get('/v1/series/no.such.series/metadata', 'developer'),
    get('/v1/regions/atlantis?measure=nights', 'developer'),
    get('/v1/arrivals?country=ES&from=2019-13', 'developer'),
    get('/v1/arrivals?country=ES&units=banana', 'developer'),
    get('/v1/arrivals?country=ES&format=xml', 'developer'),
    get('/v1/arrivals?country=ES&color=blue', 'developer'),
    get('/v1/countries?limit=0', 'free'),
    get('/v1/countries?limit=abc', 'free'),
    get('/v1/countries?cursor=%%%', 'free'),
    get('/v1/series/search', 'developer'),
    get('/v1/nights/by-region', 'developer'),
    get('/v1/status?format=csv', 'free'),
    get('/v1/nowhere', 'free'),
    get('/v1', 'free'),
    get('/v1/countries/', 'free'),
    { label: 'POST /v1/countries [free]', method: 'POST', path: '/v1/countries', caller: 'free', headers: JSON_BODY, body: '{"query": 5}' },
  ];
}

const GQL_NESTED = '{ country(iso: "ES") { name latest series(headline: true) { alias observations(from: "2019") { period value } } } }';
const GQL_PROFILE = `query CountryProfile($iso: CountryCode! = "JP") {
  country(iso: $iso) { name regionName measures series(headline: true) { alias measure freq unit scale latest { period value yoyPct } } }
}`;
const GQL_HEADLINE = `query HeadlineArrivals {
  series(filter: { country: ["ES", "FR", "IT"], measure: arrivals, breakdown: "total", freq: A }) {
    totalCount nodes { countryIso alias unit scale multiplier observations(from: "2015", scaled: true) { period value status } }
  }
}`;
const GQL_PAGING = 'query Countries($after: String) { countries(first: 50, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { iso name latest monthsBehind } } }';
const GQL_SEARCH = '{ seriesSearch(q: "nights hotels", first: 10) { totalCount nodes { alias name countryIso freq first last } } }';
const GQL_DERIVED =
  '{ country(iso: "ES") { rivals { country name rank score basis } brief { headline brief month outlook { month value low high } } originShift(limit: 5) { freq hasNextPage } tourismEconomy { latestYear note } stayLength { __typename } coverage { __typename } } }';
const GQL_EVERY_COUNTRY = '{ countries(first: 1000) { nodes { iso series(headline: true, measure: arrivals) { alias observations(from: "2015") { period value } } } } }';
const GQL_REFERENCE = '{ regions { slug } freshness(freq: M) { iso latest monthsBehind } gaps(countries: ["ES"]) { country completePct } calendar { note } fxLatest(currencies: ["USD"]) { __typename } rateLimit { __typename } }';
const aliases = (n: number, field: string) => Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ');
const GQL_OVER_COST = `{ ${aliases(18, 'series(first: 1000) { ...S }')} } fragment S on SeriesConnection { nodes { observations { period value } names { name } } }`;
const GQL_FORBIDDEN = `{ ${aliases(3, 'countries(first: 1000) { ...C }')} } fragment C on CountryConnection { nodes { iso arrivals { alias latestValue } } }`;

function graphqlPost(label: string, caller: Caller, body: unknown, raw?: string): Ask {
  return { label: `POST /graphql ${label} [${caller}]`, method: 'POST', path: '/graphql', caller, headers: JSON_BODY, body: raw ?? JSON.stringify(body) };
}

function graphqlGet(label: string, caller: Caller, query: string, variables?: unknown): Ask {
  const params = new URLSearchParams({ query, ...(variables ? { variables: JSON.stringify(variables) } : {}) });
  return { label: `GET /graphql ${label} [${caller}]`, method: 'GET', path: `/graphql?${params}`, caller, headers: { Accept: 'application/json' } };
}

const DEEP = 50_000;

/** GraphQL over POST and GET, each plan where the plan changes the answer, and its refusals. */
function graphqlAsks(): Ask[] {
  return [
    ...PLANS.map((plan) => graphqlPost('nested country query', plan, { query: GQL_NESTED })),
    graphqlGet('nested country query', 'developer', GQL_NESTED),
    graphqlGet('nested country query', 'free', GQL_NESTED),
    graphqlPost('country profile with variables', 'intel', { query: GQL_PROFILE, variables: { iso: 'ES' } }),
    graphqlGet('country profile with variables', 'intel', GQL_PROFILE, { iso: 'FR' }),
    graphqlPost('headline arrivals', 'developer', { query: GQL_HEADLINE, operationName: 'HeadlineArrivals' }),
    graphqlGet('paging', 'free', GQL_PAGING, { after: 'R1BDOlM6QUU=' }),
    graphqlGet('paging with a bad cursor', 'free', GQL_PAGING, { after: 'NTA' }),
    graphqlPost('paging', 'free', { query: GQL_PAGING }),
    graphqlPost('search', 'developer', { query: GQL_SEARCH }),
    ...PLANS.map((plan) => graphqlPost('derived figures', plan, { query: GQL_DERIVED })),
    graphqlPost('every country since 2015', 'developer', { query: GQL_EVERY_COUNTRY }),
    graphqlPost('reference', 'free', { query: GQL_REFERENCE }),
    graphqlPost('forbidden field over every country', 'free', { query: GQL_FORBIDDEN }),
    graphqlPost('over the cost limit', 'developer', { query: GQL_OVER_COST }),
    graphqlGet('over the cost limit', 'developer', GQL_OVER_COST),
    graphqlPost('no key', 'none', { query: GQL_NESTED }),
    graphqlPost('unknown key', 'unknown', { query: GQL_NESTED }),
    graphqlGet('unknown key', 'unknown', GQL_NESTED),
    graphqlPost('syntax error', 'free', { query: '{ countries(first: 5) { nodes { iso } }' }),
    graphqlPost('unknown field', 'free', { query: '{ countries(first: 5) { nodes { iso colour } } }' }),
    graphqlPost('bad variable', 'free', { query: GQL_PROFILE, variables: { iso: 'Spain' } }),
    graphqlGet('mutation over GET', 'free', 'mutation { __typename }'),
    graphqlPost('query that is a number', 'intel', { query: 5 }),
    graphqlPost('query that is an array', 'intel', { query: ['{ __typename }'] }),
    graphqlPost('query that is null', 'intel', { query: null }),
    graphqlPost('variables that are a string', 'intel', { query: '{ __typename }', variables: 'x' }),
    graphqlPost('body nested 50,000 arrays deep', 'intel', null, '['.repeat(DEEP) + ']'.repeat(DEEP)),
    graphqlPost('body that is not JSON', 'intel', null, '{"query": '),
    { label: 'GET /graphql GraphiQL page [none]', method: 'GET', path: '/graphql', caller: 'none', headers: { Accept: 'text/html' } },
  ];
}

function mcpCall(id: number, caller: Caller, name: string, args: Record<string, unknown>): Ask {
  return {
    label: `POST /mcp ${name} ${JSON.stringify(args)} [${caller}]`,
    method: 'POST',
    path: '/mcp',
    caller,
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  };
}

/** MCP: the tool list and a call of every tool, and calls a plan or a key refuses. */
function mcpAsks(): Ask[] {
  return [
    { label: 'POST /mcp tools/list [free]', method: 'POST', path: '/mcp', caller: 'free', headers: MCP_HEADERS, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' },
    mcpCall(2, 'developer', 'search_series', { q: 'spain nights' }),
    mcpCall(3, 'developer', 'get_observations', { id: SERIES, from: '2023' }),
    mcpCall(4, 'developer', 'series_metadata', { id: SERIES }),
    mcpCall(5, 'developer', 'series_vintages', { id: SERIES }),
    mcpCall(6, 'free', 'country_overview', { iso: 'ES' }),
    mcpCall(7, 'analyst', 'country_brief', { iso: 'ES' }),
    mcpCall(8, 'developer', 'country_brief', { iso: 'ES' }),
    mcpCall(9, 'developer', 'compare_countries', { country: ['ES', 'FR', 'IT'], measure: 'arrivals', from: '2023' }),
    mcpCall(10, 'developer', 'release_calendar', {}),
    mcpCall(11, 'developer', 'latest_releases', {}),
    mcpCall(12, 'free', 'data_gaps', { country: ['ES'] }),
    mcpCall(13, 'free', 'data_freshness', { freq: 'M' }),
    mcpCall(14, 'unknown', 'data_freshness', {}),
    mcpCall(15, 'developer', 'get_observations', { id: 'no.such.series' }),
  ];
}

/** The docs, the explorer's pages and the probes' stable answers. */
function pageAsks(): Ask[] {
  return [get('/openapi.json', 'none'), get('/docs', 'none'), get('/docs/guides/errors', 'none'), get('/explore', 'none'), get('/explore/countries/ES', 'none'), get('/nowhere', 'none')];
}

/** The whole list, in the order it is sent. */
export function compareAsks(now: string): Ask[] {
  return [...restAsks(now), ...moreRestAsks(now), ...restErrors(), ...graphqlAsks(), ...mcpAsks(), ...pageAsks()];
}
