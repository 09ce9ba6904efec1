/** POST/GET /graphql: the same keys, plans, rates and answer cache policy as REST; cost and size limits. */
import type { GraphQLSchema } from 'graphql';
import { createGraphQLError, createYoga } from 'graphql-yoga';
import type { Admit } from '../auth/access';
import type { DataStore } from '../db/data-store';
import { createContext, type GraphQLContext } from '../graphql/context';
import { useAnswerCache, useApiAccess, useMaxTokens, useQueryCost, type GraphQLServerContext } from './graphql-plugins';

export type { GraphQLServerContext } from './graphql-plugins';

export function createGraphQLEndpoint(deps: {
  schema: GraphQLSchema;
  store: DataStore;
  admit: Admit;
  now: () => Date;
  publicBaseUrl: string;
  cacheBytes: number;
}) {
  return createYoga<GraphQLServerContext, GraphQLContext>({
    schema: deps.schema,
    graphqlEndpoint: '/graphql',
    graphiql: { title: 'Tourism Statistics GraphQL', headers: JSON.stringify({ 'X-API-Key': 'your key' }) },
    landingPage: false,
    maskedErrors: true,
    logging: false,
    context: ({ admission, requestId, keep }) => {
      const snapshot = deps.store.current;
      if (!snapshot) throw createGraphQLError('No data release is loaded yet.', { extensions: { code: 'data_unavailable', http: { status: 503 } } });
      return createContext({
        plan: admission?.caller.plan ?? 'free',
        requestId,
        snapshot,
        now: deps.now(),
        publicBaseUrl: deps.publicBaseUrl,
        rate: admission?.rate,
        keep,
      });
    },
    plugins: [
      useApiAccess(deps.admit, deps.publicBaseUrl),
      useAnswerCache({ store: deps.store, now: deps.now, budgetBytes: deps.cacheBytes }),
      useMaxTokens(),
      useQueryCost(),
    ],
  });
}
