/**
 * The input types the fixed operations' variables are declared with, each once: how its text form
 * is read and checked, the error text naming what was asked for, its JSON Schema and an example.
 * The GraphQL scalars (src/graphql/scalars.ts) check values with the same rules, and a /v1 route's
 * query parameters are its operation's variables read by these kinds (rest/params.ts).
 */
import { ApiError } from '../errors';
import { isCalendarDate, parsePeriod } from '../domain/periods';
import { FREQS, MEASURES, type Freq, type Measure } from '../domain/types';
import { measuresWithoutSource } from '../domain/measure-sources';
import { AGGREGATIONS, UNITS, type Aggregation, type Units } from '../domain/transform';

export type JsonSchema = { [key: string]: unknown };

/** The most rows a page holds (a connection's `first` or `last`, a list's `limit`). */
export const PAGE_SIZE_MAX = 1000;

/** What a bad page size or frequency is told, in the words both surfaces use. */
export const mustBe = {
  pageSize: (name: string) => `${name} must be an integer from 1 to ${PAGE_SIZE_MAX}.`,
  freq: (name: string) => `${name} must be ${FREQS.slice(0, -1).join(', ')} or ${FREQS.at(-1)}.`,
};

/** One input type's text form: read, checked and described. */
export interface InputKind<T> {
  schema: JsonSchema;
  /** The value read from its text, or the error's words for a parameter of this name. */
  read: (raw: string, name: string) => { value: T } | { error: string };
  /** An example value, for /openapi.json and the docs' example requests. */
  example: T | undefined;
}

const ISO_RE = /^[A-Z]{2}$/;
const CURRENCY_RE = /^[A-Z]{3}$/;
const SERIES_REF_RE = /^(sr_[0-9a-z]{8}|[a-z]{2}\.[a-z]+\.[a-z0-9-]+\.[mqa])$/i;

/** The words a code of one kind is described with, in the single and in a comma-separated list. */
const FORMS = {
  CountryCode: 'an ISO 3166 two-letter code',
  CurrencyCode: 'an ISO 4217 code such as USD',
  SeriesRef: 'a series id (sr_…) or alias (<iso>.<measure>.<breakdown>.<freq>)',
  Period: 'YYYY, YYYY-MM or YYYY-Qn',
  Date: 'a date YYYY-MM-DD',
  Year: 'a year such as 2019',
} as const;

/** The checks of the scalars, on a value's text: the normalised value, or undefined when it is not one. */
export const SCALAR_CHECKS = {
  CountryCode: (t: string) => (ISO_RE.test(t.toUpperCase()) ? t.toUpperCase() : undefined),
  CurrencyCode: (t: string) => (CURRENCY_RE.test(t.toUpperCase()) ? t.toUpperCase() : undefined),
  SeriesRef: (t: string) => (SERIES_REF_RE.test(t) ? t.toLowerCase() : undefined),
  Period: (t: string) => (parsePeriod(t) ? t : undefined),
  Date: (t: string) => (isCalendarDate(t) ? t : undefined),
  Year: (t: string) => (/^\d{4}$/.test(t) && Number(t) >= 1900 && Number(t) <= 2100 ? Number(t) : undefined),
} satisfies { [K in keyof typeof FORMS]: (text: string) => unknown };

export type ScalarName = keyof typeof FORMS;

/** A value that is not of a scalar type (`shown` as the caller wrote it), rejected in the words its REST parameter's error uses. */
export function scalarError(type: ScalarName, shown: string): ApiError {
  return new ApiError('invalid_parameter', `${type} must be ${FORMS[type]}, got ${shown.slice(0, 40)}.`);
}

/** A scalar's text form: its check (SCALAR_CHECKS), rejected in the words of FORMS. */
function scalarKind<T>(type: ScalarName, check: (text: string) => T | undefined, schema: JsonSchema, example: T): InputKind<T> {
  return {
    schema,
    example,
    read: (raw, name) => {
      const value = check(raw);
      return value === undefined ? { error: `${name} must be ${FORMS[type]}.` } : { value };
    },
  };
}

/** A comma-separated list of codes: each checked, each once, at most `max` when given. */
function codeList(check: (t: string) => string | undefined, schema: JsonSchema, example: string[], errorMessage: (name: string) => string, max?: number): InputKind<string[]> {
  return {
    schema,
    example,
    read: (raw, name) => {
      const texts = raw.split(',');
      const codes = texts.map((c) => check(c.trim())).filter((c) => c !== undefined);
      if (codes.length < texts.length || (max !== undefined && codes.length > max)) return { error: errorMessage(name) };
      return { value: [...new Set(codes)] };
    },
  };
}

function enumKind<T extends string>(values: readonly T[], errorMessage: (name: string) => string, example: T, description?: string): InputKind<T> {
  return {
    schema: { type: 'string', enum: [...values], ...(description ? { description } : {}) },
    example,
    read: (raw, name) => {
      const value = values.find((v) => v === raw);
      return value === undefined ? { error: errorMessage(name) } : { value };
    },
  };
}

/** The longest text any parameter takes. */
export const TEXT_MAX = 200;

/**
 * Each input type a fixed operation's variable may have, by its name (a list as `[Name]`): Int is
 * a page size and String a free text, as they are in every operation; codes, periods, years and
 * series references have scalars of their own.
 */
export const INPUT_KINDS = {
  CountryCode: scalarKind('CountryCode', SCALAR_CHECKS.CountryCode, { type: 'string', pattern: '^[A-Za-z]{2}$' }, 'ES'),
  '[CountryCode]': codeList(SCALAR_CHECKS.CountryCode, { type: 'string', pattern: '^[A-Za-z]{2}(,[A-Za-z]{2})*$' }, ['ES'], (name) => `${name} takes ISO 3166 two-letter codes, comma separated (at most 50).`, 50),
  CurrencyCode: scalarKind('CurrencyCode', SCALAR_CHECKS.CurrencyCode, { type: 'string', pattern: '^[A-Za-z]{3}$' }, 'USD'),
  '[CurrencyCode]': codeList(SCALAR_CHECKS.CurrencyCode, { type: 'string', pattern: '^[A-Za-z]{3}(,[A-Za-z]{3})*$' }, ['USD'], (name) => `${name} takes ISO 4217 codes such as USD.`),
  SeriesRef: scalarKind('SeriesRef', SCALAR_CHECKS.SeriesRef, { type: 'string' }, 'es.nights.total.m'),
  Period: scalarKind('Period', SCALAR_CHECKS.Period, { type: 'string', pattern: '^\\d{4}(-(0[1-9]|1[0-2]|Q[1-4]))?$' }, '2019'),
  Date: scalarKind('Date', SCALAR_CHECKS.Date, { type: 'string', format: 'date' }, '2026-03-01'),
  Year: scalarKind('Year', SCALAR_CHECKS.Year, { type: 'integer', minimum: 1900, maximum: 2100 }, 2019),
  Frequency: enumKind<Freq>(FREQS, mustBe.freq, 'M'),
  Measure: enumKind<Measure>(MEASURES, (name) => `${name} must be one of ${MEASURES.join(', ')}.`, 'arrivals', measuresWithoutSource() || undefined),
  Units: enumKind<Units>(UNITS, (name) => `${name} must be one of ${UNITS.join(', ')}.`, 'pch'),
  Aggregation: enumKind<Aggregation>(AGGREGATIONS, (name) => `${name} must be one of ${AGGREGATIONS.join(', ')}.`, 'sum'),
  Int: {
    schema: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX },
    example: 10,
    read: (raw, name) => {
      const n = Number(raw);
      return !/^\d+$/.test(raw) || n < 1 || n > PAGE_SIZE_MAX ? { error: mustBe.pageSize(name) } : { value: n };
    },
  } satisfies InputKind<number>,
  String: {
    schema: { type: 'string', minLength: 1, maxLength: TEXT_MAX },
    example: 'nights',
    read: (raw, name) => (raw.trim() ? { value: raw } : { error: `${name} must not be empty.` }),
  } satisfies InputKind<string>,
  Boolean: {
    schema: { type: 'boolean' },
    example: true,
    read: (raw, name) => (raw === 'true' || raw === 'false' ? { value: raw === 'true' } : { error: `${name} must be true or false.` }),
  } satisfies InputKind<boolean>,
};

export type InputTypeName = keyof typeof INPUT_KINDS;

/** What each input type reads to. */
export type InputValues = { [K in InputTypeName]: (typeof INPUT_KINDS)[K] extends InputKind<infer T> ? T : never };

export function isInputTypeName(name: string): name is InputTypeName {
  return Object.hasOwn(INPUT_KINDS, name);
}
