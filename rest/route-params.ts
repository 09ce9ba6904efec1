/**
 * A /v1 route's parameters, read off its operation: each variable is a parameter of the same name,
 * of the kind its GraphQL type names (src/graphql/input-kinds.ts), required when the type is
 * non-null without a default; a `{name}` of the path is a path parameter. REST adds `cursor` to
 * paged routes (it fills `$after`) and `format`; a route's computed variables are not parameters.
 */
import { Kind, type OperationDefinitionNode, type TypeNode } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { isInputTypeName, type InputTypeName } from '../src/graphql/input-kinds';
import type { ParamKind, ParamSpec, ParamValue } from './params';

/** The variable a paged route's REST cursor fills. */
export const PAGING_VARIABLE = 'after';

/** What a route says of a parameter: its description, and an example where its kind's would not do. */
export type ParamNote = string | { description: string; example: ParamValue };

/** Descriptions of the parameters many routes share; a route's own note wins. */
export const SHARED_NOTES: Record<string, string> = {
  iso: 'ISO 3166 two-letter country code.',
  id: 'Series id (sr_…) or alias (<iso>.<measure>.<breakdown>.<freq>).',
  from: 'First period (YYYY, YYYY-MM or YYYY-Qn), inclusive.',
  to: 'Last period (YYYY, YYYY-MM or YYYY-Qn), inclusive.',
  limit: 'Rows per page, 1 to 1000.',
  cursor: 'Opaque position from meta.next.',
  format: 'json (default) or csv.',
  datasetFormat: 'json (default), csv, jsonstat (a JSON-stat 2.0 dataset) or sdmx-csv (SDMX-CSV 2.0; also chosen by Accept: application/vnd.sdmx.data+csv).',
  status: "true adds each observation's status and the publisher's flags (default false: the shape of SPEC.md).",
  provenance:
    "true adds where each figure comes from: meta.sources holds one record per source table (publisher, file, official address, the file's release date), " +
    "and each row its source, the publisher's release date (published), what gave that date (dated_by), and kind (published or derived) with its rule.",
  units:
    "lin (default: as published), chg (x(t) − x(t−1)), ch1 (x(t) − x(t−n)), pch ((x(t) / x(t−1) − 1) × 100), pc1 ((x(t) / x(t−n) − 1) × 100), " +
    'pca (((x(t) / x(t−1))^n − 1) × 100) or log (ln x(t)); n is the periods per year (12, 4, 1). FRED\'s formulas, computed after any aggregation.',
  to_freq:
    'M, Q or A: the observations aggregated to this frequency when it is coarser than the series\' (a period only when all its sub-periods are held). ' +
    'Named to_freq here because freq chooses the series.',
  aggregation: 'With the frequency to aggregate to: sum (default for counts and money), avg (default for rates and capacity) or eop (the last sub-period).',
};

/** The `format` parameter every route reads (where CSV is not offered, csv is a bad value, not an unknown name). */
export const FORMAT_PARAM: ParamSpec = { name: 'format', kind: 'format', description: SHARED_NOTES.format };

interface Declared {
  path: string;
  operation: TypedDocumentNode<any, any>;
  params?: { readonly [name: string]: ParamNote | undefined };
  computed?: object;
  paging?: object;
  csv: unknown;
  document?: object;
  dataset?: unknown;
}

function kindOf(type: TypeNode, where: string): InputTypeName {
  const nullable = type.kind === Kind.NON_NULL_TYPE ? type.type : type;
  const named = nullable.kind === Kind.LIST_TYPE ? (nullable.type.kind === Kind.NON_NULL_TYPE ? nullable.type.type : nullable.type) : nullable;
  if (named.kind !== Kind.NAMED_TYPE) throw new Error(`${where}: lists of lists are not parameters.`);
  const key = nullable.kind === Kind.LIST_TYPE ? `[${named.name.value}]` : named.name.value;
  if (!isInputTypeName(key)) throw new Error(`${where} is of type ${key}, which no parameter kind reads (src/graphql/input-kinds.ts).`);
  return key;
}

function spec(route: Declared, name: string, kind: ParamKind, required: boolean): ParamSpec {
  const note = route.params?.[name] ?? SHARED_NOTES[name];
  if (note === undefined) throw new Error(`${route.path}: the parameter ${name} has no description (the route's params, or SHARED_NOTES).`);
  return typeof note === 'string' ? { name, kind, required, description: note } : { name, kind, required, ...note };
}

/** One variable of a fixed operation: its name, the input kind its type names, and whether it must be given. */
export interface OperationVariable {
  name: string;
  kind: InputTypeName;
  required: boolean;
}

/**
 * A fixed operation's variables, each read by the kind its GraphQL type names, required when the
 * type is non-null without a default: the parameters of a /v1 route and the arguments of an /mcp tool.
 */
export function operationVariables(document: TypedDocumentNode<any, any>, where: string): OperationVariable[] {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!operation) throw new Error(`${where}: its document holds no operation.`);
  return (operation.variableDefinitions ?? []).map((v) => {
    const name = v.variable.name.value;
    return { name, kind: kindOf(v.type, `${where}: $${name}`), required: v.type.kind === Kind.NON_NULL_TYPE && !v.defaultValue };
  });
}

/** A route's path and query parameters, in the order they are read: the path's, then the variables', cursor and format. */
export function routeParams(route: Declared): { pathParams: ParamSpec[]; query: ParamSpec[] } {
  const computed = new Set(Object.keys(route.computed ?? {}));
  const specs: ParamSpec[] = [];
  for (const v of operationVariables(route.operation, route.path)) {
    if (computed.has(v.name)) continue;
    if (v.name === PAGING_VARIABLE) {
      if (!route.paging) throw new Error(`${route.path}: $${PAGING_VARIABLE} is filled by the cursor of a paged route; this one has no paging.`);
      continue;
    }
    specs.push(spec(route, v.name, v.kind, v.required));
  }
  if (route.paging) specs.push(spec(route, 'cursor', 'cursor', false));
  if (route.dataset) specs.push({ name: 'format', kind: 'format', required: false, description: SHARED_NOTES.datasetFormat });
  else if (route.csv || route.document) specs.push(spec(route, 'format', 'format', false));
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const pathParams = inPath.map((name) => {
    const found = specs.find((s) => s.name === name);
    if (!found) throw new Error(`${route.path}: {${name}} is no variable of its operation.`);
    return { ...found, required: true };
  });
  for (const name of Object.keys(route.params ?? {})) {
    if (!specs.some((s) => s.name === name)) throw new Error(`${route.path}: params describes ${name}, which is no parameter of its operation.`);
  }
  return { pathParams, query: specs.filter((s) => !inPath.includes(s.name)) };
}
