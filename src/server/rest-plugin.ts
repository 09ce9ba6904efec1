/**
 * /v1 as a Yoga plugin answering from onRequest, as useSofa mounts REST: one front door, Yoga, for
 * every surface. The route's operation runs through Yoga's enveloped execute with its context from
 * Yoga's context factory (surfaces.ts); the answer is written to the node:http response the server
 * context carries (as Yoga's node adapter passes it), so its bytes and a bulk file's stream go out
 * without a copy into a fetch Response. A cached answer is written in front of Yoga (rest/handler.ts,
 * front), as /graphql's is: through Yoga it took three times the CPU (docs/architecture.md).
 */
import type { Plugin } from 'graphql-yoga';
import type { createRestHandler } from '../../rest/handler';
import type { GraphQLServerContext } from './graphql-plugins';

type RestHandler = ReturnType<typeof createRestHandler>;

/** Whether a path is one of /v1's. */
export function isRestPath(path: string): boolean {
  return path.startsWith('/v1/') || path === '/v1';
}

export function useRest(rest: RestHandler): Plugin<{}, GraphQLServerContext> {
  return {
    // Not async: an answer that needs no execution is written in the turn the request arrived in.
    onRequest({ serverContext, endResponse, fetchAPI }) {
      const { req, res, tag } = serverContext;
      if (!req || !res) return;
      // The node request's target as sent, split at '?': no URL object, whose parse would also rewrite the path (dot segments).
      const target = req.url ?? '/';
      const q = target.indexOf('?');
      const path = q < 0 ? target : target.slice(0, q);
      if (!isRestPath(path)) return;
      // Its errors are written in the error body already: not rewritten as GraphQL's (useErrorBody).
      serverContext.errorSent = true;
      const written = rest(req, res, path, q < 0 ? '' : target.slice(q + 1), tag, serverContext.restLookup);
      // The answer is on the node:http response; Yoga's own is an empty stand-in nothing writes (graphql-http.ts).
      const done = () => endResponse(new fetchAPI.Response(null, { status: res.statusCode }));
      if (!written) return done();
      return written.then(done);
    },
  };
}
