/** POST/GET /graphql: the same keys, plans, rates and answer cache policy as REST; cost and size limits. */
import { execute, type DocumentNode, type GraphQLSchema } from 'graphql';
import { useEngine } from '@envelop/core';
import { createYoga, type Plugin } from 'graphql-yoga';
import { ApiError } from '../errors';
import { LRUCache } from 'lru-cache';
import type { Admit } from '../auth/access';
import type { DataStore } from '../db/data-store';
import { createContext, type GraphQLContext } from '../graphql/context';
import { GRAPHIQL_OPTIONS, graphiqlPage, useGraphiQLHeaders } from './graphiql';
import type { GraphQLBodies } from './graphql-cached';
import { useResultCache } from '../graphql/result-cache';
import { useParamsCheck } from './graphql-params';
import { isRestPath } from './rest-plugin';
import { useCachedBodies, useApiAccess, useErrorBody, useExecutionQueue, useMaxTokens, useQueryCost, useTimeBudget, type GraphQLServerContext } from './graphql-plugins';

export type { GraphQLServerContext } from './graphql-plugins';

/** Heap bytes a parsed document takes per character of its text (measured on typical queries: ~80). */
const AST_BYTES_PER_CHAR = 80;
const PARSE_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Yoga caches parsed documents (and their validation, by document) so a repeated query text is not
 * parsed again; its default bound is a count, so here it is a budget in bytes like every other cache.
 */
function parseCaches() {
  return {
    documentCache: new LRUCache<string, DocumentNode>({ maxSize: PARSE_CACHE_BYTES, sizeCalculation: (_doc, text) => Math.max(1, text.length * AST_BYTES_PER_CHAR) }),
    errorCache: new LRUCache<string, object>({ maxSize: PARSE_CACHE_BYTES / 4, sizeCalculation: (_err, text) => Math.max(1, text.length * 2 + 1000) }),
  };
}

export function createGraphQLEndpoint(deps: {
  schema: GraphQLSchema;
  store: DataStore;
  admit: Admit;
  now: () => Date;
  publicBaseUrl: string;
  /** GraphQL's bodies of the cached results (shared with the GET path in front of Yoga, graphql-cached.ts). */
  bodies: GraphQLBodies;
  /** Told the cost of each executed operation (the service's metrics). */
  onCost?: (cost: number) => void;
  /** Faults and notices for operators, as text (the service's log). */
  log: (line: string) => void;
  /** How long an execution may take, its wait for the execution queue included (EXECUTION_BUDGET_MS). */
  budgetMs: number;
  /** The cost bound of a /v1 route's operation (ROUTE_COST_LIMIT). */
  routeCostLimit?: number;
  /** Surfaces mounted on Yoga that answer their own paths from onRequest (/mcp), before the key check of /graphql. */
  surfaces?: Plugin<{}, GraphQLServerContext>[];
}) {
  return createYoga<GraphQLServerContext, GraphQLContext>({
    schema: deps.schema,
    graphqlEndpoint: '/graphql',
    // Yoga's GraphiQL answers a browser's GET of any URL ending in /graphql: /v1's paths are the REST plugin's.
    graphiql: (request) => (isRestPath(new URL(request.url).pathname) ? false : GRAPHIQL_OPTIONS),
    // Yoga's health check answers any URL ending in its endpoint (/health by default, so /v1/health
    // too); the service's probes are /healthz and /readyz, so its endpoint is one no request URL
    // ends in (a space in a request target is a 400 of node:http's).
    healthCheckEndpoint: '/ probes are /healthz and /readyz',
    renderGraphiQL: graphiqlPage,
    landingPage: false,
    // Cross-origin calls are answered by the service for every endpoint alike (src/server/cors.ts).
    cors: false,
    maskedErrors: true,
    logging: false,
    parserAndValidationCache: parseCaches(),
    // The one context factory: a /v1 route's or MCP tool's operation (useRest, getEnveloped) brings
    // the release and time its answer was looked up at; a composed query takes the current ones.
    context: ({ admission, requestId, start }) => {
      if (start) return { ...createContext({ ...start, publicBaseUrl: deps.publicBaseUrl, log: deps.log }), route: start.route, resultKey: start.resultKey };
      const snapshot = deps.store.current;
      if (!snapshot) throw new ApiError('data_unavailable', 'No data release is loaded yet.', {}, { http: { status: 503 } });
      return createContext({
        plan: admission?.caller.plan ?? 'free',
        requestId,
        snapshot,
        now: deps.now(),
        publicBaseUrl: deps.publicBaseUrl,
        rate: admission?.rate,
        log: deps.log,
      });
    },
    plugins: [
      // graphql-js's own execute, not Yoga's default executor (@graphql-tools/executor, for @defer and
      // @stream, unused here): it allocated half again as much a field, and its garbage blocked the loop.
      useEngine({ execute }),
      ...(deps.surfaces ?? []),
      useGraphiQLHeaders(),
      useErrorBody(deps.publicBaseUrl, deps.log),
      // Before useCachedBodies, which makes the result cache's key from the parameters.
      useParamsCheck(),
      useApiAccess(deps.admit, deps.publicBaseUrl),
      useCachedBodies({ store: deps.store, now: deps.now, bodies: deps.bodies }),
      useMaxTokens(),
      useQueryCost(deps.onCost, deps.routeCostLimit),
      useExecutionQueue(),
      // After the queue, so that its budget counts the wait for a turn too.
      useTimeBudget(deps.budgetMs, deps.log),
      // Last: a cached result is answered without waiting for a turn or a budget; others run inside both.
      useResultCache(deps.bodies.results),
    ],
  });
}
