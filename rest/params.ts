/** Query parameter kinds of the /v1 routes: each validates its text and returns a typed value. */
import { isCalendarDate, parsePeriod } from '../src/domain/periods';
import { FREQS, MEASURES, type Freq, type Measure } from '../src/domain/types';
import { ApiError } from '../src/errors';

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

const PARSERS: { [K in ParamKind]: (raw: string, name: string) => ParamValues[K] } = {
  isoList: (raw, name) => {
    const codes = raw.split(',').map((c) => c.trim().toUpperCase());
    if (codes.length === 0 || codes.length > 50 || codes.some((c) => !/^[A-Z]{2}$/.test(c)))
      throw bad(`${name} takes ISO 3166 two-letter codes, comma separated (at most 50).`);
    return [...new Set(codes)];
  },
  iso: (raw, name) => {
    if (!/^[A-Za-z]{2}$/.test(raw)) throw bad(`${name} must be an ISO 3166 two-letter code.`);
    return raw.toUpperCase();
  },
  period: (raw, name) => {
    if (!parsePeriod(raw)) throw bad(`${name} must be YYYY, YYYY-MM or YYYY-Qn.`);
    return raw;
  },
  freq: (raw, name) => {
    const freq = FREQS.find((f) => f === raw);
    if (!freq) throw bad(`${name} must be M, Q or A.`);
    return freq;
  },
  limit: (raw, name) => {
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > 1000) throw bad(`${name} must be an integer from 1 to 1000.`);
    return n;
  },
  year: (raw, name) => {
    const n = Number(raw);
    if (!/^\d{4}$/.test(raw) || n < 1900 || n > 2100) throw bad(`${name} must be a year such as 2019.`);
    return n;
  },
  measure: (raw, name) => {
    const measure = MEASURES.find((m) => m === raw);
    if (!measure) throw bad(`${name} must be one of ${MEASURES.join(', ')}.`);
    return measure;
  },
  currency: (raw, name) => {
    const codes = raw.split(',').map((c) => c.trim().toUpperCase());
    if (codes.some((c) => !/^[A-Z]{3}$/.test(c))) throw bad(`${name} takes ISO 4217 codes such as USD.`);
    return codes;
  },
  seriesId: (raw, name) => {
    if (!/^(sr_[0-9a-z]{8}|[a-z]{2}\.[a-z]+\.[a-z0-9-]+\.[mqa])$/i.test(raw))
      throw bad(`${name} must be a series id (sr_…) or alias (<iso>.<measure>.<breakdown>.<freq>).`);
    return raw.toLowerCase();
  },
  format: (raw, name) => {
    if (raw !== 'json' && raw !== 'csv') throw bad(`${name} must be json or csv.`);
    return raw;
  },
  cursor: (raw) => {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(raw)) throw bad('cursor is not one this service issued.');
    return raw;
  },
  text: (raw, name) => {
    if (!raw.trim()) throw bad(`${name} must not be empty.`);
    return raw;
  },
  date: (raw, name) => {
    if (!isCalendarDate(raw)) throw bad(`${name} must be a date YYYY-MM-DD.`);
    return raw;
  },
  flag: (raw, name) => {
    if (raw !== 'true' && raw !== 'false') throw bad(`${name} must be true or false.`);
    return raw === 'true';
  },
};

export function parseParam<K extends ParamKind>(spec: ParamSpec<K>, raw: string): ParamValues[K] {
  if (raw.length > MAX_LEN) throw bad(`${spec.name} is too long.`);
  return PARSERS[spec.kind](raw, spec.name);
}
