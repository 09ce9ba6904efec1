/**
 * Reports the cost of each executed GraphQL operation, counted the way the complexity plugin
 * enforces its limit, to a hook (the service records it in the graphql_operation_cost metric).
 * Answers served from the kept-answer cache never reach execution, so they are not counted.
 */
import { complexityFromQuery } from '@pothos/plugin-complexity';
import type { GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export type CostHook = (cost: number) => void;

export function useCostReport(schema: GraphQLSchema, onCost: CostHook): Plugin {
  return {
    onExecute({ args }) {
      try {
        const { complexity } = complexityFromQuery(args.document, {
          schema,
          ctx: args.contextValue as object,
          variables: (args.variableValues ?? {}) as Record<string, unknown>,
        });
        onCost(complexity);
      } catch {
        // An operation the validation let through but the counter cannot read is simply not counted.
      }
    },
  };
}
