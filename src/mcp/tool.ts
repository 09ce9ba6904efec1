/**
 * What an /mcp tool is: one fixed GraphQL operation, as a /v1 route is. Its arguments are the
 * operation's variables (rest/route-params.ts reads them for routes too), checked by the same input
 * kinds (src/graphql/input-kinds.ts); its plan is the fields' scopes (operationPlan), never declared.
 * A tool whose operation a route runs shapes its data with that route's `shape`, so both answer alike.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { z } from 'zod';
import type { Plan } from '../domain/types';
import type { CitationRequest } from './citations';
import { ApiError } from '../errors';
import { INPUT_KINDS, TEXT_MAX, type InputTypeName } from '../graphql/input-kinds';
import { operationPlan } from '../graphql/operation-plan';
import { schema } from '../graphql/schema';
import type { AnyRoute, ShapeContext } from '../../rest/route';
import { operationVariables, PAGING_VARIABLE, SHARED_NOTES, type OperationVariable } from '../../rest/route-params';
import { ROUTES } from '../../rest/routes';

/** What a citation of one series names: who published it, where, when, and where this service serves it. */
export interface Citation {
  series: string;
  name: string;
  publisher: string | null;
  /** The publisher's official download address. */
  official_url: string | null;
  /** When its newest figure was published (Series.released). */
  released: string | null;
  /** This service's REST address of the series' figures. */
  rest_url: string;
  /** The explorer page of the series. */
  explorer_url: string;
}

export interface ToolContext extends ShapeContext {
  dataAsOf: string;
}

/** What a tool answers: data as its REST twin gives it (or its own), the citations of its series, and a text to quote. */
export interface ToolAnswer {
  text: string;
  data: unknown;
  meta?: Record<string, unknown>;
  citations: Citation[];
  /** The series it speaks of without its operation selecting their citation facts: looked up once per release (src/mcp/citations.ts). */
  cite?: CitationRequest;
}

export interface ToolDeclaration<TResult, TVars> {
  name: string;
  title: string;
  /** What the answer's figures are; the plan needed is added from the operation. */
  description: string;
  operation: TypedDocumentNode<TResult, TVars>;
  /** Descriptions of arguments where neither the route's nor the shared ones fit. */
  notes?: { [K in keyof TVars]?: string };
  /** The answer, from the operation's data and the arguments (with the data of the route running the same operation, if any). */
  answer: (result: TResult, args: TVars, ctx: ToolContext, routeData: { data: unknown; meta?: Record<string, unknown> } | null) => ToolAnswer;
}

export interface Tool extends ToolDeclaration<any, any> {
  plan: Plan;
  arguments: (OperationVariable & { description: string })[];
  /** Whether it takes `cursor` (its route is paged): the page after the one a structuredContent.next_cursor ended. */
  paged: boolean;
  /** The /v1 route running the same operation: its shape gives the data, its path the REST address. */
  route: AnyRoute | null;
  input: z.ZodObject;
}

/** What a cursor looks like: the REST cursor's own check (rest/params.ts). */
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

const CURSOR_NOTE = 'The next page: the next_cursor of the previous answer (with the same other arguments); the first page without it.';

/** A route's parameter description for a variable, if the route running the operation has one. */
function routeNote(route: AnyRoute | null, name: string): string | undefined {
  return route ? [...route.pathParams, ...route.query].find((p) => p.name === name)?.description : undefined;
}

/** A JSON value of one input kind: its JSON type, the kind's pattern or values, and the kind's own check with its words. */
function kindSchema(kind: InputTypeName, name: string): z.ZodType {
  const read = INPUT_KINDS[kind].read as (raw: string, name: string) => { value: unknown } | { error: string };
  const checked = (text: z.ZodString) =>
    text.max(TEXT_MAX).superRefine((raw, ctx) => {
      const r = read(raw, name);
      if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
    });
  const pattern = (INPUT_KINDS[kind].schema as { pattern?: string }).pattern;
  switch (kind) {
    case 'Frequency':
    case 'Measure':
    case 'Units':
    case 'Aggregation':
      return z.enum((INPUT_KINDS[kind].schema as { enum: [string, ...string[]] }).enum);
    case 'Int':
      return z.number().int().min(1).max(1000);
    case 'Year':
      return z.number().int().min(1900).max(2100);
    case 'Boolean':
      return z.boolean();
    case '[CountryCode]':
      return z.array(checked(z.string().regex(/^[A-Za-z]{2}$/))).min(1).max(50);
    case '[CurrencyCode]':
      return z.array(checked(z.string().regex(/^[A-Za-z]{3}$/))).min(1).max(50);
    default:
      return checked(pattern ? z.string().regex(new RegExp(pattern)) : z.string());
  }
}

/** The value the operation is given: read by its kind as a /v1 parameter is (upper-cased codes, lists once each). */
export function variableValue(kind: InputTypeName, name: string, value: unknown): unknown {
  if (typeof value !== 'string' && !Array.isArray(value)) return value;
  const r = (INPUT_KINDS[kind].read as (raw: string, name: string) => { value: unknown } | { error: string })(Array.isArray(value) ? value.join(',') : value, name);
  if ('error' in r) throw new ApiError('invalid_parameter', r.error);
  return r.value;
}

export function defineTool<TResult, TVars>(declared: ToolDeclaration<TResult, TVars>): Tool {
  const route = ROUTES.find((r) => r.operation === (declared.operation as unknown)) ?? null;
  const notes = (declared.notes ?? {}) as Record<string, string | undefined>;
  const args = operationVariables(declared.operation, `tool ${declared.name}`)
    .filter((v) => v.name !== PAGING_VARIABLE && !(route?.computed && v.name in route.computed))
    .map((v) => {
      const description = notes[v.name] ?? routeNote(route, v.name) ?? SHARED_NOTES[v.name];
      if (!description) throw new Error(`tool ${declared.name}: the argument ${v.name} has no description (notes, its route's params, or SHARED_NOTES).`);
      return { ...v, description };
    });
  const shape: Record<string, z.ZodType> = {};
  for (const a of args) {
    const one = kindSchema(a.kind, a.name).describe(a.description);
    shape[a.name] = a.required ? one : one.optional();
  }
  const paged = route?.paging !== undefined;
  if (paged) shape.cursor = z.string().regex(CURSOR_PATTERN).optional().describe(CURSOR_NOTE);
  return { ...declared, plan: operationPlan(schema, declared.operation), arguments: args, paged, route, input: z.strictObject(shape) } as Tool;
}
