/**
 * Codes, periods, dates and years: scalars with a checked form (src/graphql/input-kinds.ts), so a bad
 * value is refused before any resolver runs, in the words a REST parameter of the type is refused with.
 */
import { Kind, type ValueNode } from 'graphql';
import { SCALAR_CHECKS, scalarRefusal, type ScalarName } from './input-kinds';
import { builder } from './builder';

/** A scalar sent as a string: the check's normalised value, or the refusal. */
function stringInput<S extends Exclude<ScalarName, 'Year'>>(name: S) {
  const parse = (value: unknown): string => {
    const checked = typeof value === 'string' ? SCALAR_CHECKS[name](value) : undefined;
    if (checked === undefined) throw scalarRefusal(name, value);
    return checked;
  };
  return {
    // Values leave as held: the release only stores checked codes, periods and dates.
    serialize: (value: unknown) => String(value),
    parseValue: parse,
    parseLiteral: (node: ValueNode) => parse(node.kind === Kind.STRING ? node.value : undefined),
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

const readYear = (value: unknown): number => {
  const checked = typeof value === 'number' && Number.isInteger(value) ? SCALAR_CHECKS.Year(String(value)) : undefined;
  if (checked === undefined) throw scalarRefusal('Year', value);
  return checked;
};

export const YearScalar = builder.scalarType('Year', {
  description: 'A calendar year from 1900 to 2100.',
  serialize: (value: unknown) => Number(value),
  parseValue: readYear,
  parseLiteral: (node: ValueNode) => readYear(node.kind === Kind.INT ? Number(node.value) : undefined),
});
