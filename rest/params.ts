/** Query parameter kinds of the /v1 routes: each validates its text, returns a typed value and has its schema. */
import { isCalendarDate, parsePeriod } from '../src/domain/periods';
import { FREQS, MEASURES, type Freq, type Measure } from '../src/domain/types';
import { ApiError } from '../src/errors';
import { measuresWithoutSource } from '../src/domain/measure-sources';
import { mustBe, PAGE_SIZE_MAX } from '../src/graphql/args';
import type { JsonSchema } from './route-schemas';

/** What each kind of parameter parses to: the one place a parameter's type is stated. */
export interface ParamValues {
  isoList: string[];
  iso: string;
  period: string;
  freq: Freq;
  limit: number;
  year: number;
  measure: Measure;
  currency: string[];
  text: string;
  seriesId: string;
  format: 'json' | 'csv';
  cursor: string;
  /** A calendar day, YYYY-MM-DD. */
  date: string;
  /** true or false. */
  flag: boolean;
}

export type ParamKind = keyof ParamValues;
export type ParamValue = ParamValues[ParamKind];

export interface ParamSpec<K extends ParamKind = ParamKind> {
  name: string;
  kind: K;
  required?: boolean;
  description: string;
  /** Overrides the kind's example (e.g. a region slug for a text parameter). */
  example?: unknown;
}

/** A parameter described once and shared by routes, its name, kind and required-ness kept as literal types. */
export function defineParam<const S extends ParamSpec>(spec: S): S {
  return spec;
}

/** The parsed parameters of a list of specs, by name: required ones (and every path parameter) always present. */
export type ParamsOf<S extends readonly ParamSpec[], AllRequired extends boolean = false> = {
  [P in S[number] as P['name']]: P extends { required: true } ? ParamValues[P['kind']] : AllRequired extends true ? ParamValues[P['kind']] : ParamValues[P['kind']] | undefined;
};

const bad = (message: string) => new ApiError('invalid_parameter', message);
const MAX_LEN = 200;

/** A kind of parameter, once: how its text is read and checked, and its schema in /openapi.json. */
interface Kind<T> {
  schema: JsonSchema;
  parse: (raw: string, name: string) => T;
}

const KINDS: { [K in ParamKind]: Kind<ParamValues[K]> } = {
  isoList: {
    schema: { type: 'string', pattern: '^[A-Za-z]{2}(,[A-Za-z]{2})*$' },
    parse: (raw, name) => {
      const codes = raw.split(',').map((c) => c.trim().toUpperCase());
      if (codes.length === 0 || codes.length > 50 || codes.some((c) => !/^[A-Z]{2}$/.test(c)))
        throw bad(`${name} takes ISO 3166 two-letter codes, comma separated (at most 50).`);
      return [...new Set(codes)];
    },
  },
  iso: {
    schema: { type: 'string', pattern: '^[A-Za-z]{2}$' },
    parse: (raw, name) => {
      if (!/^[A-Za-z]{2}$/.test(raw)) throw bad(`${name} must be an ISO 3166 two-letter code.`);
      return raw.toUpperCase();
    },
  },
  period: {
    schema: { type: 'string', pattern: '^\\d{4}(-(0[1-9]|1[0-2]|Q[1-4]))?$' },
    parse: (raw, name) => {
      if (!parsePeriod(raw)) throw bad(`${name} must be YYYY, YYYY-MM or YYYY-Qn.`);
      return raw;
    },
  },
  freq: {
    schema: { type: 'string', enum: [...FREQS] },
    parse: (raw, name) => {
      const freq = FREQS.find((f) => f === raw);
      if (!freq) throw bad(mustBe.freq(name));
      return freq;
    },
  },
  limit: {
    schema: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX },
    parse: (raw, name) => {
      const n = Number(raw);
      if (!/^\d+$/.test(raw) || n < 1 || n > PAGE_SIZE_MAX) throw bad(mustBe.pageSize(name));
      return n;
    },
  },
  year: {
    schema: { type: 'integer', minimum: 1900, maximum: 2100 },
    parse: (raw, name) => {
      const n = Number(raw);
      if (!/^\d{4}$/.test(raw) || n < 1900 || n > 2100) throw bad(`${name} must be a year such as 2019.`);
      return n;
    },
  },
  measure: {
    schema: { type: 'string', enum: [...MEASURES], ...(measuresWithoutSource() ? { description: measuresWithoutSource() } : {}) },
    parse: (raw, name) => {
      const measure = MEASURES.find((m) => m === raw);
      if (!measure) throw bad(`${name} must be one of ${MEASURES.join(', ')}.`);
      return measure;
    },
  },
  currency: {
    schema: { type: 'string', pattern: '^[A-Za-z]{3}(,[A-Za-z]{3})*$' },
    parse: (raw, name) => {
      const codes = raw.split(',').map((c) => c.trim().toUpperCase());
      if (codes.some((c) => !/^[A-Z]{3}$/.test(c))) throw bad(`${name} takes ISO 4217 codes such as USD.`);
      return codes;
    },
  },
  seriesId: {
    schema: { type: 'string' },
    parse: (raw, name) => {
      if (!/^(sr_[0-9a-z]{8}|[a-z]{2}\.[a-z]+\.[a-z0-9-]+\.[mqa])$/i.test(raw))
        throw bad(`${name} must be a series id (sr_…) or alias (<iso>.<measure>.<breakdown>.<freq>).`);
      return raw.toLowerCase();
    },
  },
  format: {
    schema: { type: 'string', enum: ['json', 'csv'] },
    parse: (raw, name) => {
      if (raw !== 'json' && raw !== 'csv') throw bad(`${name} must be json or csv.`);
      return raw;
    },
  },
  cursor: {
    schema: { type: 'string' },
    parse: (raw) => {
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(raw)) throw bad('cursor is not one this service issued.');
      return raw;
    },
  },
  text: {
    schema: { type: 'string', minLength: 1, maxLength: MAX_LEN },
    parse: (raw, name) => {
      if (!raw.trim()) throw bad(`${name} must not be empty.`);
      return raw;
    },
  },
  date: {
    schema: { type: 'string', format: 'date' },
    parse: (raw, name) => {
      if (!isCalendarDate(raw)) throw bad(`${name} must be a date YYYY-MM-DD.`);
      return raw;
    },
  },
  flag: {
    schema: { type: 'boolean' },
    parse: (raw, name) => {
      if (raw !== 'true' && raw !== 'false') throw bad(`${name} must be true or false.`);
      return raw === 'true';
    },
  },
};

export function parseParam<K extends ParamKind>(spec: ParamSpec<K>, raw: string): ParamValues[K] {
  if (raw.length > MAX_LEN) throw bad(`${spec.name} is too long.`);
  return KINDS[spec.kind].parse(raw, spec.name);
}

/** A parameter kind's JSON Schema, for /openapi.json. */
export function paramSchema(kind: ParamKind): JsonSchema {
  return KINDS[kind].schema;
}
