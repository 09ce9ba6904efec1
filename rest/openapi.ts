/**
 * The OpenAPI 3.1.0 document, generated from the route table: each answer's schema from the route's
 * shape (src/generated/route-schemas.ts), the error codes each route can give, and examples that
 * are real answers of the served release.
 */
import { ROUTE_SCHEMAS } from '../src/generated/route-schemas';
import { PLANS, type Plan } from '../src/domain/types';
import { docsUrl, ERROR_MEANING, ERROR_STATUS, isErrorCode, type ErrorBody, type ErrorCode } from '../src/errors';
import { exampleText } from './examples';
import { FORMATS, paramSchema, type ParamSpec } from './params';
import { SDMX_CSV_TYPE } from './datasets';
import type { AnyRoute } from './route';
import type { JsonSchema } from './route-schemas';
import { GUIDES } from './guides';


/** A real answer of a route: the request that got it and its JSON body. */
export interface Example {
  request: string;
  body: unknown;
}

/** Arrays cut to their first rows, so an example stays short (and still fits the schema). */
const EXAMPLE_ROWS = 3;
function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_ROWS).map(shorten);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}

/** getCountriesByIsoPeers for /v1/countries/{iso}/peers. */
export function operationId(path: string): string {
  const words = path
    .split('/')
    .slice(2)
    .map((seg) => (seg.startsWith('{') ? `by-${seg.slice(1, -1)}` : seg))
    .flatMap((seg) => seg.split('-'));
  return `get${words.map((w) => w[0].toUpperCase() + w.slice(1)).join('')}`;
}

const capitalised = (s: string) => s[0].toUpperCase() + s.slice(1);

/** The answer schema of a route: the {meta, data} envelope with the route's own meta and data. */
function answerSchema(route: AnyRoute): JsonSchema {
  const own = ROUTE_SCHEMAS.named.EnvelopeMeta;
  const generated = ROUTE_SCHEMAS.routes[route.path];
  const added = generated?.meta;
  const required = new Set([...((own.required as string[]) ?? []), ...((added?.required as string[]) ?? [])]);
  if (route.paging) required.add('next');
  return {
    type: 'object',
    required: ['meta', 'data'],
    additionalProperties: false,
    properties: {
      meta: {
        type: 'object',
        properties: { ...(own.properties as JsonSchema), ...((added?.properties as JsonSchema) ?? {}) },
        required: [...required],
        additionalProperties: false,
      },
      // A route missing from the generated file (codegen not rerun) still gets a truthful if loose schema.
      data: generated?.data ?? { type: ['array', 'object'] },
    },
  };
}

/** The error codes a route can answer, by status. */
function errorCodes(route: AnyRoute): Map<number, ErrorCode[]> {
  // Its shape's own errors, and those of the fields its operation touches.
  const own = [...(ROUTE_SCHEMAS.routes[route.path]?.errors ?? []).filter(isErrorCode), ...route.errorCodes];
  const codes: ErrorCode[] = ['invalid_parameter', 'unknown_parameter', 'missing_api_key', 'invalid_api_key', ...own, 'rate_limited', 'internal_error', 'data_unavailable'];
  if (route.plan !== 'free') codes.push('plan_required');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

function errorResponse(codes: ErrorCode[], plan: Plan, baseUrl: string): JsonSchema {
  const example = (code: ErrorCode): ErrorBody => ({
    error: { code, message: ERROR_MEANING[code], plan, docs: docsUrl(baseUrl, code), request_id: 'req_01JD2Q7ZK3W8X5' },
  });
  return {
    description: codes.map((c) => `\`${c}\`: ${ERROR_MEANING[c]}`).join(' '),
    ...(codes.includes('rate_limited') ? { headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } } : {}),
    content: {
      'application/json': {
        // One Error type for clients; the codes this answer can carry are its examples.
        schema: { $ref: '#/components/schemas/Error' },
        examples: Object.fromEntries(codes.map((c) => [c, { summary: c, value: example(c) }])),
      },
    },
  };
}

const ANSWER_HEADERS = {
  ETag: { description: 'Strong validator of this answer (data version and request); send it back in If-None-Match.', schema: { type: 'string' } },
  'Last-Modified': { description: 'When the served data was loaded (data_as_of).', schema: { type: 'string' } },
  'Cache-Control': { description: 'private, max-age = seconds until the next expected data load.', schema: { type: 'string' } },
  'X-Request-Id': { description: 'The request id, also in meta.request_id and in error bodies.', schema: { type: 'string' } },
  'RateLimit-Limit': { description: "Requests per minute on the key's plan.", schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this minute.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the minute restarts.', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer' } },
};

/** A route's 200 answer: its media types (the document form first, then JSON, CSV, SDMX-CSV) and their description. */
function answerContent(r: AnyRoute, json: JsonSchema): { content: Record<string, unknown>; mediaTypes: string } {
  const content: Record<string, unknown> = {};
  // A document form (the Atom feed) is the default answer; the envelope then needs format=json.
  if (r.document) content[r.document.type.split(';')[0]] = { schema: { type: 'string', description: r.document.description } };
  // A file route answers with the file itself, in its own type.
  if (r.file) content['application/octet-stream'] = { schema: { type: 'string', format: 'binary', description: r.file.description } };
  else content['application/json'] = json;
  if (r.csv) content['text/csv'] = { schema: { type: 'string' } };
  if (r.dataset) {
    content[SDMX_CSV_TYPE.split(';')[0]] = {
      schema: {
        type: 'string',
        description: 'SDMX-CSV 2.0 (media type `application/vnd.sdmx.data+csv; version=2.0.0`): STRUCTURE, STRUCTURE_ID, ACTION, FREQ, REF_AREA, SERIES, TIME_PERIOD, OBS_VALUE, UNIT_MEASURE, OBS_STATUS, OBS_FLAGS, TITLE.',
      },
    };
  }
  const mediaTypes = r.file
    ? r.file.description
    : r.document
    ? `${r.document.description} With format=json, the {meta, data} envelope.`
    : `The {meta, data} envelope${r.csv ? ', or CSV with format=csv or Accept: text/csv' : ''}` +
      (r.dataset
        ? '; a JSON-stat 2.0 dataset (application/json) with format=jsonstat; SDMX-CSV 2.0 with format=sdmx-csv or Accept: application/vnd.sdmx.data+csv.'
        : '.');
  return { content, mediaTypes };
}

export function openApiDocument(routes: AnyRoute[], baseUrl: string, examples: ReadonlyMap<string, Example> = new Map()): JsonSchema {
  const paths: Record<string, unknown> = {};
  const answers: Record<string, JsonSchema> = {};
  const usedTags = new Set<string>();
  for (const r of routes) {
    const id = operationId(r.path);
    const tag = ROUTE_SCHEMAS.routes[r.path]?.tag ?? 'other';
    usedTags.add(tag);
    // A file route's answer is the file, not an envelope.
    if (!r.file) answers[`${capitalised(id)}Answer`] = answerSchema(r);
    // Where CSV is not offered, json is the one value format takes; JSON-stat and SDMX-CSV only where observations are listed.
    const formats = r.dataset ? [...FORMATS] : r.csv ? ['json', 'csv'] : ['json'];
    const param = (p: ParamSpec, where: 'path' | 'query') => {
      const example = exampleText(p);
      return {
        name: p.name,
        in: where,
        required: where === 'path' || Boolean(p.required),
        description: p.description,
        schema: p.kind === 'format' ? { type: 'string', enum: formats } : paramSchema(p.kind),
        ...(example !== undefined && (where === 'path' || p.required) ? { example } : {}),
      };
    };
    const parameters = [...r.pathParams.map((p) => param(p, 'path')), ...r.query.map((p) => param(p, 'query'))];
    const example = examples.get(r.path);
    const json: JsonSchema = { schema: { $ref: `#/components/schemas/${capitalised(id)}Answer` } };
    if (example) json.examples = { real: { summary: `GET ${example.request} (arrays cut to ${EXAMPLE_ROWS} items)`, value: shorten(example.body) } };
    const { content, mediaTypes } = answerContent(r, json);
    const ok = Object.fromEntries(Object.keys(ANSWER_HEADERS).filter((h) => h !== 'Retry-After').map((h) => [h, { $ref: `#/components/headers/${h}` }]));
    const responses: Record<string, unknown> = {
      200: { description: mediaTypes, headers: ok, content },
      304: { description: 'Not modified: If-None-Match matched the ETag.' },
      ...(r.file ? { 206: { description: 'The byte range asked for (Range), with Content-Range.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } } : {}),
    };
    for (const [status, codes] of errorCodes(r)) responses[status] = errorResponse(codes, r.plan, baseUrl);
    paths[r.path] = {
      get: {
        operationId: id,
        tags: [capitalised(tag)],
        summary: r.summary,
        description: `${r.description ?? r.summary}\n\nMinimum plan: **${r.plan}**.${r.paging ? ' Paged: follow `meta.next`.' : ''}`,
        'x-minimum-plan': r.plan,
        security: [{ ApiKey: [] }],
        parameters,
        responses,
      },
    };
  }
  const guides = GUIDES.map((g) => `[${g.title}](${baseUrl}/docs/guides/${g.slug})`).join(' · ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tourism Statistics API',
      version: '1.0.0',
      description: `Official tourism statistics from the publishers' own files. Send your key in \`X-API-Key\`. Plans: ${PLANS.join(' < ')}; each endpoint states its minimum plan. GraphQL at ${baseUrl}/graphql.\n\nGuides: ${guides}.`,
    },
    servers: [{ url: baseUrl }],
    tags: [...usedTags].map((t) => ({ name: capitalised(t), description: ROUTE_SCHEMAS.tags[t] ?? '' })),
    security: [{ ApiKey: [] }],
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      headers: ANSWER_HEADERS,
      schemas: { ...answers, Error: ROUTE_SCHEMAS.named.ErrorBody },
    },
    paths,
  };
}
