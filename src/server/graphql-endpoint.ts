/** POST/GET /graphql: the same keys and plans as REST, depth/cost limits, a response cache per data version. */
import { useResponseCache } from '@envelop/response-cache';
import { createHash } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga';
import type { DataStore } from '../db/data-store';
import type { Plan } from '../domain/types';
import { createContext, type GraphQLContext } from '../graphql/context';
import { GRAPHIQL_OPTIONS, graphiqlPage } from './graphiql';
import { useCostReport, type CostHook } from './graphql-cost';

export interface GraphQLServerContext {
  plan: Plan;
  requestId: string;
}

/** Deepest `{` nesting allowed before parsing: far above the depth limit, far below a stack overflow. */
const MAX_NESTING = 64;
const MAX_QUERY_LENGTH = 20_000;

function nestingDepth(query: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < query.length; i++) {
    const ch = query[i];
    if (ch === '"' && query[i - 1] !== '\\') inString = !inString;
    else if (inString) continue;
    else if (ch === '{' || ch === '(' || ch === '[') max = Math.max(max, ++depth);
    else if (ch === '}' || ch === ')' || ch === ']') depth--;
  }
  return max;
}

function useQueryShapeGuard(): Plugin {
  return {
    onParams({ params }) {
      const query = params.query ?? '';
      if (query.length > MAX_QUERY_LENGTH || nestingDepth(query) > MAX_NESTING) {
        throw createGraphQLError('The query is too large or too deeply nested.', {
          extensions: { code: 'query_too_complex', http: { status: 400 } },
        });
      }
    },
  };
}

export function createGraphQLEndpoint(deps: {
  schema: GraphQLSchema;
  store: DataStore;
  now: () => Date;
  publicBaseUrl: string;
  /** Told the cost of each executed operation (the service's metrics). */
  onCost?: CostHook;
}) {
  return createYoga<GraphQLServerContext, GraphQLContext>({
    schema: deps.schema,
    graphqlEndpoint: '/graphql',
    graphiql: GRAPHIQL_OPTIONS,
    renderGraphiQL: graphiqlPage,
    landingPage: false,
    maskedErrors: true,
    logging: false,
    context: ({ plan, requestId }) => {
      const snapshot = deps.store.current;
      if (!snapshot) throw createGraphQLError('No data release is loaded yet.', { extensions: { code: 'data_unavailable', http: { status: 503 } } });
      return createContext({ plan, requestId, snapshot, now: deps.now(), publicBaseUrl: deps.publicBaseUrl });
    },
    plugins: [
      useQueryShapeGuard(),
      useResponseCache<GraphQLContext>({
        session: (ctx) => ctx.plan,
        ttl: 3_600_000,
        shouldCacheResult: ({ result }) => !result.errors?.length,
        // Keyed by data version and day as well, so a new release or a new day never serves a stale answer.
        buildResponseCacheKey: ({ documentString, variableValues, operationName, sessionId, context }) => {
          const ctx = context as GraphQLContext;
          return createHash('sha1')
            .update(
              [ctx.snapshot.dataVersion, ctx.now.toISOString().slice(0, 10), sessionId, operationName ?? '', documentString, JSON.stringify(variableValues ?? {})].join('|'),
            )
            .digest('base64url');
        },
      }),
      // After the response cache, so only operations actually executed are counted.
      ...(deps.onCost ? [useCostReport(deps.schema, deps.onCost)] : []),
    ],
  });
}
