/**
 * The service's answering surfaces over one release store, keys and limits: Yoga, the one front
 * door for /graphql (and the cached GET answered before it), /mcp and /v1 (its plugins useMcp and
 * useRest), and the docs; all of them over the one result cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAsyncIterable } from '@envelop/core';
import type { KeyStore } from '../auth/keys-store';
import type { Limiter } from '../auth/rate-limit';
import { createAccess, createIdentify } from '../auth/access';
import { createMcpHandler, MCP_PATH } from '../mcp/server';
import { useMcp } from './mcp-plugin';
import { useRest } from './rest-plugin';
import type { DataStore } from '../db/data-store';
import { answerBudgetBytes, ResultStore } from '../graphql/result-cache';
import { schema } from '../graphql/schema';
import { createRestHandler, type RestExecute } from '../../rest/handler';
import { createDocsSite } from '../../rest/docs-site';
import type { RequestTag } from '../../rest/request-tag';
import { ROUTES } from '../../rest/routes';
import type { Config } from './config';
import { createGraphQLEndpoint } from './graphql-endpoint';
import { nodeGraphQLHandler, nodeRestHandler } from './graphql-http';
import { GraphQLBodies, cachedGraphQL } from './graphql-cached';
import type { Metrics } from './metrics';

/** Served besides the /v1 routes, and counted among the live endpoints /v1/status reports. */
const OTHER_ENDPOINTS = ['/graphql', MCP_PATH, '/openapi.json', '/docs'];

export function createSurfaces(deps: {
  config: Config;
  store: DataStore;
  keys: KeyStore;
  limiter: Limiter;
  metrics: Metrics;
  log: (line: string) => void;
  /** false caches no results (for timing uncached answers). */
  cacheAnswers?: boolean;
  /** The result cache's budget in bytes (default ANSWER_CACHE_MB, 32 MB). */
  cacheBytes?: number;
}) {
  const { config, store, keys, limiter, metrics, log } = deps;
  // The one result cache, for /graphql and /v1 alike (src/graphql/result-cache.ts).
  const results = new ResultStore(deps.cacheAnswers === false ? 0 : (deps.cacheBytes ?? answerBudgetBytes()));
  // Who may call, for both surfaces (src/auth/access.ts).
  const admit = createAccess(keys, limiter);
  const restHandler = createRestHandler({
    // Set once Yoga exists (below): /v1 runs its operations through Yoga's enveloped execute.
    execute: (args) => restExecute(args),
    store,
    admit,
    routes: ROUTES,
    now: config.now,
    publicBaseUrl: config.publicBaseUrl,
    log,
    results,
    endpointsLive: ROUTES.length + OTHER_ENDPOINTS.length,
  });
  // The MCP tools run their fixed operations as /v1 routes do (src/mcp/server.ts).
  const mcp = createMcpHandler({
    execute: (args) => restExecute(args),
    store,
    identify: createIdentify(keys),
    admit,
    now: config.now,
    publicBaseUrl: config.publicBaseUrl,
    log,
    endpointsLive: ROUTES.length + OTHER_ENDPOINTS.length,
    version: '1.0.0',
  });
  const bodies = new GraphQLBodies(results);
  const yoga = createGraphQLEndpoint({
    schema,
    store,
    admit,
    now: config.now,
    publicBaseUrl: config.publicBaseUrl,
    bodies,
    onCost: (cost) => metrics.graphqlCost(cost),
    log,
    budgetMs: config.executionBudgetMs,
    routeCostLimit: config.routeCostLimit,
    surfaces: [useRest(restHandler), useMcp(mcp)],
  });
  // As useSofa does: the context from Yoga's context factory (graphql-endpoint.ts), the execution through its plugins.
  const restExecute: RestExecute = async ({ document, variableValues, start }) => {
    const enveloped = yoga.getEnveloped({ requestId: start.requestId, start });
    const contextValue = await enveloped.contextFactory();
    const result = await enveloped.execute({ schema: enveloped.schema, document, variableValues, contextValue });
    if (isAsyncIterable(result)) throw new Error('a /v1 operation answered with a stream');
    return result;
  };
  const graphql = nodeGraphQLHandler((request, context) => yoga.fetch(request, context));
  const restToYoga = nodeRestHandler(yoga);
  // A cached /v1 answer (or a refusal) is written in front of Yoga, as /graphql's is (graphql-cached.ts); the rest goes through Yoga.
  const rest = (req: IncomingMessage, res: ServerResponse, path: string, query: string, tag: RequestTag) =>
    restHandler.front(req, res, path, query, tag, (restLookup) => restToYoga(req, res, { requestId: tag.id, tag, restLookup }));
  const cached = cachedGraphQL({ store, admit, bodies, now: config.now, publicBaseUrl: config.publicBaseUrl });
  const docs = createDocsSite({
    routes: ROUTES,
    publicBaseUrl: config.publicBaseUrl,
    answer: restHandler.answer,
    dataVersion: () => store.current?.dataVersion ?? null,
    log,
  });
  return { graphql, rest, cached, docs };
}
