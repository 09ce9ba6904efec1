/**
 * PostGraphile v5 over the benchmark's PostgreSQL copy of the release, in its own process:
 *   postgraphile-server <connection string> <schema>
 * Prints "ready <url>" once listening. Used only by the GraphQL benchmark (src/bench/graphql.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import './promise-with-resolvers';

// Loaded after the polyfill has run (a static import would be evaluated before it in a bundle).
const { postgraphile } = await import('postgraphile');
const { makePgService } = await import('postgraphile/adaptors/pg');
const { grafserv } = await import('postgraphile/grafserv/node');
const { PostGraphileAmberPreset } = await import('postgraphile/presets/amber');

const [connectionString, schema] = process.argv.slice(2);

const pgl = postgraphile({
  extends: [PostGraphileAmberPreset],
  pgServices: [makePgService({ connectionString, schemas: [schema] })],
  grafserv: { graphqlPath: '/graphql', graphiql: false },
  grafast: { explain: false },
});
const serv = pgl.createServ(grafserv);
const server = http.createServer();
await serv.addTo(server);
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => console.log(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void Promise.resolve(pgl.release()).finally(() => process.exit(0));
  });
}
