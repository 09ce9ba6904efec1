/**
 * The shape of a GraphQL request's parameters, checked before anything reads them: the result
 * cache's key is made from them ahead of Yoga's own check, so a `query` that is not a string or
 * variables nested past what JSON.stringify can walk would otherwise end in a 500.
 */
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/** Nesting the variables may have: far above any input type of the schema, far below the stack's limit. */
export const MAX_VARIABLES_DEPTH = 64;

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Whether `value` nests objects or arrays deeper than `max`, walked without recursion. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** What is wrong with a request's parameters, in a sentence for the caller; null when their shape is right. */
export function paramsProblem(params: unknown): string | null {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return `The request's parameters must be a JSON object, not ${kindOf(params)}.`;
  const { query, variables, operationName, extensions } = params as Record<string, unknown>;
  if (query == null || query === '') return 'The request has no query: send one as the string `query`.';
  if (typeof query !== 'string') return `The \`query\` must be a string, not ${kindOf(query)}.`;
  if (operationName != null && typeof operationName !== 'string') return `The \`operationName\` must be a string, not ${kindOf(operationName)}.`;
  for (const [name, value] of [['variables', variables], ['extensions', extensions]] as const) {
    if (value != null && (typeof value !== 'object' || Array.isArray(value))) return `The \`${name}\` must be a JSON object, not ${kindOf(value)}.`;
    if (value != null && nestedDeeperThan(value, MAX_VARIABLES_DEPTH)) return `The \`${name}\` nest deeper than ${MAX_VARIABLES_DEPTH} levels.`;
  }
  return null;
}

/** Rejects parameters of the wrong shape with a 400, before any plugin reads them (listed first). */
export function useParamsCheck(): Plugin {
  return {
    onParams({ params }) {
      const problem = paramsProblem(params);
      if (problem) throw createGraphQLError(problem, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
    },
  };
}
