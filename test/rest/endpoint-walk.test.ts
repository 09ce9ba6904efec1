/**
 * The step of docs/architecture.md "Adding an endpoint" that no other check catches when it is forgotten: every
 * fixed operation in schema/operations serves exactly one route (or /mcp tool, or /mcp's citation lookups), and every route runs one of them.
 * (A field left out of schema/schema.graphql fails the schema drift test; an operation not
 * generated fails the type check; the OpenAPI document and the plans are derived from the route.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { expect, it } from 'vitest';
import { ROUTES } from '../../rest/routes';
import { TOOLS } from '../../src/mcp/tools';
import { CITATION_OPERATIONS } from '../../src/mcp/citations';
import { PROJECT_ROOT } from '../helpers/paths';

const OPERATIONS_DIR = path.join(PROJECT_ROOT, 'schema/operations');

function operationNames(definitions: readonly { kind: string }[]): string[] {
  return definitions
    .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
    .map((d) => d.name?.value ?? '(anonymous)');
}

it('every fixed operation serves one route or /mcp tool, and every route and tool runs a fixed operation', () => {
  const written = fs
    .readdirSync(OPERATIONS_DIR)
    .filter((f) => f.endsWith('.graphql'))
    .flatMap((f) => operationNames(parse(fs.readFileSync(path.join(OPERATIONS_DIR, f), 'utf8')).definitions));
  const run = ROUTES.flatMap((r) => operationNames(r.operation.definitions));
  expect(run.filter((name, i) => run.indexOf(name) !== i), 'operations run by two routes').toEqual([]);
  // An /mcp tool runs a route's operation, or one of its own that no route runs.
  const tools = TOOLS.flatMap((t) => operationNames(t.operation.definitions));
  const toolsOnly = tools.filter((name) => !run.includes(name));
  expect(toolsOnly.filter((name, i) => toolsOnly.indexOf(name) !== i), 'operations run by two tools and no route').toEqual([]);
  // The citation lookups of /mcp run operations of their own, which answer no request directly.
  const lookups = CITATION_OPERATIONS.flatMap((d) => operationNames(d.definitions));
  expect([...run, ...toolsOnly, ...lookups].sort()).toEqual([...written].sort());
});
