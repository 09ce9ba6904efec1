/**
 * The kinds of /v1 parameters: an operation variable's GraphQL type (src/graphql/input-kinds.ts),
 * or one of the two REST adds to every operation, the answer's format and the page's cursor.
 */
import { ApiError } from '../src/errors';
import { INPUT_KINDS, TEXT_MAX, type InputKind, type InputValues, type JsonSchema } from '../src/graphql/input-kinds';

/** The answer's formats: the JSON envelope, CSV, and on routes that list observations JSON-stat and SDMX-CSV (rest/datasets.ts). */
export const FORMATS = ['json', 'csv', 'jsonstat', 'sdmx-csv'] as const;
export type Format = (typeof FORMATS)[number];

/** What REST adds to an operation's variables. */
const REST_KINDS = {
  format: {
    schema: { type: 'string', enum: [...FORMATS] },
    example: 'json',
    read: (raw, name) => {
      const value = FORMATS.find((f) => f === raw);
      return value ? { value } : { error: `${name} must be ${FORMATS.slice(0, -1).join(', ')} or ${FORMATS.at(-1)}.` };
    },
  } satisfies InputKind<Format>,
  cursor: {
    schema: { type: 'string' },
    example: undefined,
    read: (raw) => (/^[A-Za-z0-9_-]{1,100}$/.test(raw) ? { value: raw } : { error: 'cursor is not one this service issued.' }),
  } satisfies InputKind<string>,
};

const KINDS = { ...INPUT_KINDS, ...REST_KINDS };

/** What each kind of parameter reads to. */
export type ParamValues = InputValues & { format: Format; cursor: string };
export type ParamKind = keyof typeof KINDS;
export type ParamValue = ParamValues[ParamKind];

export interface ParamSpec {
  name: string;
  kind: ParamKind;
  required?: boolean;
  description: string;
  /** Overrides the kind's example (e.g. a region slug for a text parameter). */
  example?: ParamValue;
}

export function parseParam(spec: ParamSpec, raw: string): ParamValue {
  if (raw.length > TEXT_MAX) throw new ApiError('invalid_parameter', `${spec.name} is too long.`);
  const read: { value: ParamValue } | { error: string } = KINDS[spec.kind].read(raw, spec.name);
  if ('error' in read) throw new ApiError('invalid_parameter', read.error);
  return read.value;
}

/** A parameter kind's JSON Schema, for /openapi.json. */
export function paramSchema(kind: ParamKind): JsonSchema {
  return KINDS[kind].schema;
}

/** A parameter's example value: its own, else its kind's. */
export function paramExample(spec: ParamSpec): ParamValue | undefined {
  return spec.example ?? KINDS[spec.kind].example;
}
