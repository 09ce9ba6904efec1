/**
 * /mcp as a Yoga plugin answering from onRequest, as useSofa mounts REST: one front door, Yoga,
 * whose request handling (the fetch Request, X-Request-Id) it shares, while its answer is whole
 * (src/mcp/server.ts: key, plan, rate, tool errors, the error body for HTTP errors).
 */
import type { Plugin } from 'graphql-yoga';
import { MCP_PATH, type McpHandler } from '../mcp/server';
import type { GraphQLServerContext } from './graphql-plugins';

export function useMcp(mcp: McpHandler): Plugin<{}, GraphQLServerContext> {
  return {
    async onRequest({ url, request, serverContext, endResponse }) {
      if (url.pathname !== MCP_PATH) return;
      // Its errors are written in the error body already: not rewritten as GraphQL's (useErrorBody).
      serverContext.errorSent = true;
      endResponse(await mcp(request, { requestId: serverContext.requestId, tag: serverContext.tag }));
    },
  };
}
