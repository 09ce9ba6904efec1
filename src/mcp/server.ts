/**
 * /mcp: the Model Context Protocol over Streamable HTTP (the SDK's McpServer and its web-standard
 * transport, stateless: one of each per request, JSON answers). The key is checked for every request
 * (401 with the error body); each tool call is admitted as a /v1 request is (plan, then rate: the same
 * module, src/auth/access.ts) and runs its fixed operation through the same enveloped execute and
 * result cache (rest/route-run.ts). A rejected call is a tool error naming the code and the plan needed.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ListToolsRequestSchema, SUPPORTED_PROTOCOL_VERSIONS, type CallToolResult, type Tool as ListedTool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { z } from 'zod';
import { rateHeaders, presentedKey, type Admit, type Identify } from '../auth/access';
import type { DataStore } from '../db/data-store';
import { PLANS, type Plan } from '../domain/types';
import { ApiError, errorBody, type ErrorCode } from '../errors';
import { decodeCursor } from '../graphql/connections';
import { documentText, joinResultKey, resultKeyTail, sessionKey } from '../graphql/result-cache';
import { GUIDES } from '../../rest/guides';
import { executeRoute, shapeResult, variablesOf, type RestExecute, type RouteRunDeps } from '../../rest/route-run';
import type { Params } from '../../rest/route';
import type { RequestTag } from '../../rest/request-tag';
import { HeadlineCitationsDocument, SeriesCitationDocument, type HeadlineCitationsQuery, type SeriesCitationQuery } from '../generated/operations';
import { operationPlan } from '../graphql/operation-plan';
import { schema } from '../graphql/schema';
import { CITATION_OPERATIONS, CitationLookup, type CitationRun } from './citations';
import { variableValue, type Tool, type ToolContext } from './tool';
import { citationOf, sourcesLine, TOOLS } from './tools';
import { PROMPTS } from './prompts';

export const MCP_PATH = '/mcp';

/** What the citation lookups' operations are logged under. */
const CITATIONS_PATH = `${MCP_PATH}/citations`;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The most array items and object members a call's arguments may hold (50 countries and a few more). */
const MAX_INPUT_ELEMENTS = 200;

export interface McpDeps {
  execute: RestExecute;
  store: DataStore;
  identify: Identify;
  admit: Admit;
  now: () => Date;
  publicBaseUrl: string;
  log: (line: string) => void;
  endpointsLive: number;
  version: string;
}

/** What the handler's calls share besides its deps: the citation facts of the served release. */
interface Shared extends McpDeps {
  citations: CitationLookup;
}

export interface McpRequestContext {
  requestId: string;
  tag?: RequestTag;
}

const CITATION = z.object({
  series: z.string(),
  name: z.string(),
  publisher: z.string().nullable(),
  official_url: z.string().nullable(),
  released: z.string().nullable(),
  rest_url: z.string(),
  explorer_url: z.string(),
});

/** What every tool's structuredContent holds. */
const OUTPUT = z.object({
  data: z.unknown().describe("The answer's rows or record: for a tool whose operation a /v1 route runs, the data of that route's answer."),
  meta: z.record(z.string(), z.unknown()).describe("About the answer: the route's meta (notes, the next page's REST address) and the tool's own."),
  citations: z.array(CITATION).describe('One per series the answer gives figures of: publisher, official address, newest publication date, and this service’s addresses.'),
  next_cursor: z.string().nullable().optional().describe('On tools that list in pages: the cursor of the next page (give it as `cursor`), null on the last page.'),
  data_as_of: z.string().describe('When the served data was loaded.'),
  request_id: z.string(),
});

/** The plan the citation lookups run with: the one their operations read at, whatever the caller's (a citation names the source, not its figures). */
const CITATION_PLAN = CITATION_OPERATIONS.map((d) => operationPlan(schema, d)).reduce((a, b) => (PLANS.indexOf(a) >= PLANS.indexOf(b) ? a : b));

/** Per request: the caller and what its tool calls decided of its rate, for the answer's headers. */
interface Call {
  key: string;
  plan: Plan;
  ctx: McpRequestContext;
  headers: Record<string, string>;
}

/** A error as a tool error: its code and words, the plan needed, and the error body beside. */
function toolError(err: ApiError, plan: Plan, deps: McpDeps, requestId: string): CallToolResult {
  const needs = err.code === 'plan_required' || err.code === 'rate_limited' ? ` Plan needed: ${plan}.` : '';
  // The error body as a second text: structuredContent is retained for answers, which clients check against the output schema.
  return {
    isError: true,
    content: [
      { type: 'text', text: `${err.code}: ${err.message}${needs}` },
      { type: 'text', text: errorBody(err, plan, deps.publicBaseUrl, requestId) },
    ],
  };
}

/** The operation's variables from a call's arguments, read by their kinds as /v1 parameters are, with the route's own (page size, computed). */
function variablesOfCall(tool: Tool, args: Record<string, unknown>): { params: Params; vars: Record<string, unknown> } {
  const params: Params = {};
  for (const a of tool.arguments) if (args[a.name] !== undefined) params[a.name] = variableValue(a.kind, a.name, args[a.name]) as Params[string];
  if (tool.paged && typeof args.cursor === 'string') {
    const after = decodeCursor(args.cursor);
    if (after === null) throw new ApiError('invalid_parameter', 'cursor is not one this service issued.');
    Object.assign(params, { cursor: args.cursor, after });
  }
  return { params, vars: tool.route ? variablesOf(tool.route, params) : { ...params } };
}

/** The cursor of the next page's REST address (meta.next), which the tool takes as `cursor`; null on the last page. */
function nextCursor(next: unknown): string | null {
  return typeof next === 'string' ? new URLSearchParams(next.slice(next.indexOf('?') + 1)).get('cursor') : null;
}

async function callTool(deps: Shared, tool: Tool, call: Call, args: Record<string, unknown>): Promise<CallToolResult> {
  const { requestId, tag } = call.ctx;
  try {
    const admission = await deps.admit(call.key, { plan: tool.plan, what: `The tool ${tool.name}` }, tag);
    Object.assign(call.headers, rateHeaders(admission.rate));
    const snapshot = deps.store.current;
    if (!snapshot) throw new ApiError('data_unavailable', 'No data release is loaded yet; try again shortly.');
    const { params, vars } = variablesOfCall(tool, args);
    const now = deps.now();
    const run: RouteRunDeps = { execute: deps.execute, publicBaseUrl: deps.publicBaseUrl, log: deps.log, endpointsLive: deps.endpointsLive };
    const path = tool.route?.path ?? `${MCP_PATH}/${tool.name}`;
    // The key REST keeps the same operation's result under: a tool and its route share one cached result.
    const key = joinResultKey(sessionKey(snapshot.dataVersion, now, admission.caller.plan), resultKeyTail(documentText(tool.operation), undefined, vars));
    const result = await executeRoute(run, { ...(tool.route ?? {}), operation: tool.operation, path } as never, vars, { plan: admission.caller.plan, requestId, snapshot, now }, key);
    const routeData = tool.route ? shapeResult(run, tool.route, result, params, now) : null;
    const ctx: ToolContext = { now, publicBaseUrl: deps.publicBaseUrl, endpointsLive: deps.endpointsLive, dataAsOf: snapshot.dataAsOf };
    const answer = tool.answer(result.data, params, ctx, routeData);
    if (answer.cite) {
      // At the caller's plan where it reaches the lookups', so a release date is that of the newest figure the caller sees.
      const plan = PLANS.indexOf(admission.caller.plan) > PLANS.indexOf(CITATION_PLAN) ? admission.caller.plan : CITATION_PLAN;
      const caller = { plan, requestId, snapshot, now };
      const lookup: CitationRun = {
        headline: async (isos) => {
          const r = await executeRoute(run, { operation: HeadlineCitationsDocument, path: CITATIONS_PATH } as never, { country: isos }, caller);
          return (r.data as HeadlineCitationsQuery).countries.nodes;
        },
        series: async (id) => ((await executeRoute(run, { operation: SeriesCitationDocument, path: CITATIONS_PATH } as never, { id }, caller)).data as SeriesCitationQuery).seriesById,
      };
      const facts = await deps.citations.facts(sessionKey(snapshot.dataVersion, now, plan), answer.cite, lookup);
      const named = new Set(answer.citations.map((c) => c.series));
      const found = facts.filter((f) => !named.has(f.id)).map((f) => citationOf(f, ctx));
      answer.citations = [...answer.citations, ...found];
      if (found.length > 0) answer.text += `\n${sourcesLine(answer.citations)}`;
    }
    return {
      content: [{ type: 'text', text: answer.text }],
      structuredContent: {
        data: answer.data,
        meta: answer.meta ?? {},
        citations: answer.citations,
        ...(tool.paged ? { next_cursor: nextCursor(routeData?.meta.next) } : {}),
        data_as_of: snapshot.dataAsOf,
        request_id: requestId,
      },
    };
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.code === 'rate_limited') Object.assign(call.headers, err.headers);
      return toolError(err, tool.plan, deps, requestId);
    }
    deps.log(`${requestId} ${MCP_PATH} ${tool.name}: ${err instanceof Error ? err.stack : String(err)}`);
    return toolError(new ApiError('internal_error', `Something went wrong on our side (request ${requestId}).`), tool.plan, deps, requestId);
  }
}

function toolDescription(tool: Tool): string {
  return `${tool.description} Plan: ${tool.plan} or above. Runs the fixed GraphQL operation ${operationName(tool)}.`;
}

const TOOL_ANNOTATIONS = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

let toolList: ListedTool[] | undefined;

/**
 * The tools as tools/list gives them, their JSON Schemas written once: McpServer writes them from
 * the zod schemas on every list, which is most of the work of a stateless request.
 */
function listedTools(): ListedTool[] {
  toolList ??= TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: toolDescription(tool),
    inputSchema: z.toJSONSchema(tool.input, { target: 'draft-7', io: 'input' }) as ListedTool['inputSchema'],
    outputSchema: z.toJSONSchema(OUTPUT, { target: 'draft-7', io: 'output' }) as ListedTool['outputSchema'],
    annotations: TOOL_ANNOTATIONS,
  }));
  return toolList;
}

/** The tools/list answer's JSON, written once: only the request's id is its own. */
let toolListJson: string | undefined;

function toolListAnswer(id: string | number): string {
  toolListJson ??= JSON.stringify({ tools: listedTools() });
  return `{"result":${toolListJson},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}

/**
 * The id of a request that is a plain tools/list with what the transport checks in order (both
 * answer types accepted, a JSON body, a protocol version it supports), else null: such a request
 * is answered with the written list without building a server for it.
 */
function toolListId(request: Request, body: unknown): string | number | null {
  const accept = request.headers.get('accept') ?? '';
  const version = request.headers.get('mcp-protocol-version');
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return null;
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) return null;
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return null;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const m = body as { jsonrpc?: unknown; method?: unknown; id?: unknown; params?: unknown };
  if (m.jsonrpc !== '2.0' || m.method !== 'tools/list' || (typeof m.id !== 'string' && typeof m.id !== 'number')) return null;
  const params = m.params as { cursor?: unknown } | undefined;
  if (params !== undefined && (typeof params !== 'object' || params === null || params.cursor !== undefined)) return null;
  return m.id;
}

/** Validates structured answers against the output schema: one per process, since Ajv's set-up is costly work for a request. */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

/** The server one request is answered by: every tool, the API guides as resources, the prompts. */
function serverFor(deps: Shared, call: Call): McpServer {
  const server = new McpServer(
    { name: 'tourism-statistics', version: deps.version },
    {
      jsonSchemaValidator: SCHEMA_VALIDATOR,
      maxToolInputElements: MAX_INPUT_ELEMENTS,
      instructions:
        'Official tourism statistics from the publishers’ own files. Every figure is the publisher’s: quote it with its citation (publisher, official address, release date). ' +
        'Find series with search_series, read them with get_observations; compare_countries sets countries side by side on one measure.',
    },
  );
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: toolDescription(tool),
        inputSchema: tool.input,
        outputSchema: OUTPUT,
        annotations: TOOL_ANNOTATIONS,
      },
      (args: Record<string, unknown>) => callTool(deps, tool, call, args),
    );
  }
  for (const guide of GUIDES) {
    const uri = `${deps.publicBaseUrl}/docs/guides/${guide.slug}`;
    server.registerResource(guide.slug, uri, { title: guide.title, mimeType: 'text/markdown' }, () => ({ contents: [{ uri, mimeType: 'text/markdown', text: guide.markdown }] }));
  }
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools() }));
  for (const prompt of PROMPTS) server.registerPrompt(prompt.name, { title: prompt.title, description: prompt.description, argsSchema: prompt.args }, prompt.messages);
  return server;
}

export function operationName(tool: Tool): string {
  const op = tool.operation.definitions.find((d) => d.kind === 'OperationDefinition');
  return op && 'name' in op && op.name ? op.name.value : '(anonymous)';
}

/** HTTP statuses the transport answers itself, as the codes of DECISIONS.md. */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_parameter',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** A error the transport answered with (a JSON-RPC error), as the error body with its words. */
async function errorAnswer(response: Response, deps: McpDeps, requestId: string): Promise<Response> {
  let said: unknown;
  try {
    said = ((await response.json()) as { error?: { message?: unknown } }).error?.message;
  } catch {
    said = undefined;
  }
  const code = CODE_OF_STATUS[response.status] ?? (response.status >= 500 ? 'internal_error' : 'invalid_parameter');
  if (code === 'internal_error') deps.log(`${requestId} ${MCP_PATH} answered ${response.status}: ${String(said)}`);
  const message = code === 'internal_error' ? `Something went wrong on our side (request ${requestId}).` : typeof said === 'string' ? said.slice(0, 300) : 'The request is not one this endpoint takes.';
  const headers = new Headers(response.headers);
  headers.set('Content-Type', JSON_TYPE);
  headers.delete('Content-Length');
  const err = new ApiError(code, message);
  return new Response(errorBody(err, 'free', deps.publicBaseUrl, requestId), { status: err.status, headers });
}

export type McpHandler = (request: Request, ctx: McpRequestContext) => Promise<Response>;

export function createMcpHandler(given: McpDeps): McpHandler {
  const deps: Shared = { ...given, citations: new CitationLookup() };
  // Written at start, so no request converts the tools' schemas.
  toolListAnswer(0);
  return async function handle(request, ctx) {
    const key = presentedKey(request.headers);
    let plan: Plan;
    try {
      plan = deps.identify(key, ctx.tag).plan;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return new Response(errorBody(err, 'free', deps.publicBaseUrl, ctx.requestId), {
        status: err.status,
        headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', 'WWW-Authenticate': 'Bearer', ...err.headers },
      });
    }
    // The body is read once here: a plain tools/list is answered from the written list, anything else
    // by the transport (given the parsed body, or the text again when it is not JSON, for its own error in its order).
    const text = await request.text();
    let body: unknown;
    let parsed = true;
    try {
      body = JSON.parse(text);
    } catch {
      parsed = false;
    }
    const listId = parsed ? toolListId(request, body) : null;
    if (listId !== null) return new Response(toolListAnswer(listId), { status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
    const call: Call = { key: key!, plan, ctx, headers: {} };
    const server = serverFor(deps, call);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      let response = parsed
        ? await transport.handleRequest(request, { parsedBody: body })
        : await transport.handleRequest(new Request(request.url, { method: request.method, headers: request.headers, body: text }));
      if (response.status >= 400) response = await errorAnswer(response, deps, ctx.requestId);
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(call.headers)) headers.set(name, value);
      headers.set('Cache-Control', 'no-store');
      return new Response(response.body, { status: response.status, headers });
    } finally {
      await server.close();
    }
  };
}
