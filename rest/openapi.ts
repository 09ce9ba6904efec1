/** The OpenAPI 3.1.0 document and the /docs page, both generated from the route table. */
import { PLANS } from '../src/domain/types';
import { HEADLINE_RULE } from '../src/domain/headline';
import { DATING_RULE } from '../src/domain/release-dating';
import { ERROR_MEANING, ERROR_STATUS, type ErrorCode } from './errors';
import type { ParamSpec } from './params';
import type { Route } from './route';

const SCHEMA_OF: Record<ParamSpec['kind'], Record<string, unknown>> = {
  isoList: { type: 'string', pattern: '^[A-Za-z]{2}(,[A-Za-z]{2})*$' },
  iso: { type: 'string', pattern: '^[A-Za-z]{2}$' },
  period: { type: 'string', pattern: '^\\d{4}(-(0[1-9]|1[0-2]|Q[1-4]))?$' },
  freq: { type: 'string', enum: ['M', 'Q', 'A'] },
  limit: { type: 'integer', minimum: 1, maximum: 1000 },
  year: { type: 'integer', minimum: 1900, maximum: 2100 },
  measure: { type: 'string', enum: ['arrivals', 'nights', 'spend', 'departures', 'occupancy', 'capacity'] },
  currency: { type: 'string', pattern: '^[A-Za-z]{3}(,[A-Za-z]{3})*$' },
  text: { type: 'string', minLength: 1, maxLength: 200 },
  seriesId: { type: 'string' },
  format: { type: 'string', enum: ['json', 'csv'] },
  cursor: { type: 'string' },
  date: { type: 'string', format: 'date' },
  flag: { type: 'boolean' },
};

function errorResponse(code: ErrorCode) {
  return { description: `${code}: ${ERROR_MEANING[code]}`, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

export function openApiDocument(routes: Route<any, any>[], baseUrl: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const r of routes) {
    const parameters = [
      ...r.pathParams.map((p) => ({ name: p.name, in: 'path', required: true, description: p.description, schema: SCHEMA_OF[p.kind] })),
      ...r.query.map((p) => ({ name: p.name, in: 'query', required: Boolean(p.required), description: p.description, schema: SCHEMA_OF[p.kind] })),
    ];
    const content: Record<string, unknown> = { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } };
    if (r.csv) content['text/csv'] = { schema: { type: 'string' } };
    paths[r.path] = {
      get: {
        summary: r.summary,
        description: `${r.description ?? r.summary}\n\nMinimum plan: ${r.plan}.`,
        'x-minimum-plan': r.plan,
        security: [{ ApiKey: [] }],
        parameters,
        responses: {
          200: { description: 'The {meta, data} envelope.', content },
          304: { description: 'Not modified (If-None-Match matched the ETag).' },
          400: errorResponse('invalid_parameter'),
          401: errorResponse('missing_api_key'),
          403: errorResponse('plan_required'),
          404: errorResponse('not_found'),
          429: errorResponse('rate_limited'),
          500: errorResponse('internal_error'),
          503: errorResponse('data_unavailable'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tourism Statistics API',
      version: '1.0.0',
      description: `Official tourism statistics from the publishers' own files. Plans: ${PLANS.join(' < ')}. GraphQL at ${baseUrl}/graphql.`,
    },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['meta', 'data'],
          properties: {
            meta: {
              type: 'object',
              required: ['request_id', 'data_as_of', 'count'],
              properties: {
                request_id: { type: 'string', pattern: '^req_' },
                data_as_of: { type: 'string', format: 'date-time' },
                count: { type: 'integer' },
                next: { type: ['string', 'null'] },
              },
            },
            data: { type: ['array', 'object'] },
          },
        },
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'plan', 'docs'],
              properties: {
                code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
                message: { type: 'string' },
                plan: { type: 'string', enum: [...PLANS] },
                docs: { type: 'string', format: 'uri' },
                request_id: { type: 'string' },
              },
            },
          },
        },
      },
    },
    paths,
  };
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function docsPage(routes: Route<any, any>[], baseUrl: string): string {
  const rows = routes
    .map(
      (r) =>
        `<tr><td><code>GET ${esc(r.path)}</code></td><td>${r.plan}</td><td>${esc(r.summary)}</td><td>${[...r.pathParams, ...r.query]
          .map((p) => `<code>${p.name}</code>`)
          .join(' ')}</td><td>${r.csv ? 'JSON, CSV' : 'JSON'}</td></tr>`,
    )
    .join('\n');
  const errors = (Object.keys(ERROR_STATUS) as ErrorCode[])
    .map((c) => `<tr id="error-${c}"><td>${ERROR_STATUS[c]}</td><td><code>${c}</code></td><td>${esc(ERROR_MEANING[c])}</td></tr>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tourism Statistics API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}table{border-collapse:collapse}</style></head>
<body><h1>Tourism Statistics API</h1>
<p>Official tourism statistics from the publishers' own files. Send your key in <code>X-API-Key</code>.
Plans rank free &lt; developer &lt; analyst &lt; intel. The machine-readable description is <a href="${baseUrl}/openapi.json">/openapi.json</a>;
GraphQL (with GraphiQL in a browser) is at <a href="${baseUrl}/graphql">/graphql</a>.</p>
<h2>Endpoints</h2><table><tr><th>Endpoint</th><th>Plan</th><th>What</th><th>Parameters</th><th>Formats</th></tr>
${rows}</table>
<h2>Headline series</h2><p>${esc(HEADLINE_RULE)}</p>
<h2>When a figure counts as published</h2><p>${esc(DATING_RULE)}</p>
<h2>Errors</h2><p>Every error is <code>{"error":{"code","message","plan","docs","request_id"}}</code>.</p>
<table><tr><th>Status</th><th>Code</th><th>When</th></tr>${errors}</table>
</body></html>`;
}
