/**
 * Codes, periods, dates and years: scalars with a checked form (src/graphql/input-kinds.ts), so a bad
 * value is rejected before any resolver runs, in the words a REST parameter of the type is rejected with.
 */
import { Kind, print, type ValueNode } from 'graphql';
import { SCALAR_CHECKS, scalarError, type ScalarName } from './input-kinds';
import { builder } from './builder';

/** A value as its sender wrote it, for a error: JSON for a variable's, the query's text for a literal. */
const shownValue = (value: unknown) => JSON.stringify(value) ?? String(value);
const shownLiteral = (node: ValueNode) => print(node);

/** A scalar's text through its check: the normalised value, or the error (`shown` only when rejected). */
function checked<T>(name: ScalarName, check: (text: string) => T | undefined, text: string | undefined, shown: () => string): T {
  const value = text === undefined ? undefined : check(text);
  if (value === undefined) throw scalarError(name, shown());
  return value;
}

/** A scalar sent as a string: the check's normalised value, or the error. */
function stringInput(name: Exclude<ScalarName, 'Year'>) {
  const check = (text: string | undefined, shown: () => string) => checked(name, SCALAR_CHECKS[name], text, shown);
  return {
    // Values leave as stored: the release only stores checked codes, periods and dates.
    serialize: (value: unknown) => String(value),
    parseValue: (value: unknown) => check(typeof value === 'string' ? value : undefined, () => shownValue(value)),
    parseLiteral: (node: ValueNode) => check(node.kind === Kind.STRING ? node.value : undefined, () => shownLiteral(node)),
  };
}

export const PeriodScalar = builder.scalarType('Period', {
  description: 'A year (2019), a quarter (2019-Q3) or a month (2019-08).',
  ...stringInput('Period'),
});

export const DateScalar = builder.scalarType('Date', {
  description: 'A calendar date, YYYY-MM-DD.',
  ...stringInput('Date'),
});

export const CountryCodeScalar = builder.scalarType('CountryCode', {
  description: 'An ISO 3166 two-letter country code (ES); any case is read, upper case is answered.',
  ...stringInput('CountryCode'),
});

export const CurrencyCodeScalar = builder.scalarType('CurrencyCode', {
  description: 'An ISO 4217 currency code (USD); any case is read, upper case is answered.',
  ...stringInput('CurrencyCode'),
});

export const SeriesRefScalar = builder.scalarType('SeriesRef', {
  description: 'A series id (sr_…) or alias (<iso>.<measure>.<breakdown>.<freq>, e.g. es.nights.total.m); any case is read.',
  ...stringInput('SeriesRef'),
});

const readYear = (text: string | undefined, shown: () => string) => checked('Year', SCALAR_CHECKS.Year, text, shown);

export const YearScalar = builder.scalarType('Year', {
  description: 'A calendar year from 1900 to 2100.',
  serialize: (value: unknown) => Number(value),
  parseValue: (value: unknown) => readYear(typeof value === 'number' && Number.isInteger(value) ? String(value) : undefined, () => shownValue(value)),
  parseLiteral: (node: ValueNode) => readYear(node.kind === Kind.INT ? node.value : undefined, () => shownLiteral(node)),
});
