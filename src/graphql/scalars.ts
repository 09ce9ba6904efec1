/** Period and Date: strings with a checked form, so a bad value is refused before any resolver runs. */
import { Kind, type ValueNode } from 'graphql';
import { ApiError } from '../errors';
import { isCalendarDate, parsePeriod } from '../domain/periods';
import { builder } from './builder';

function stringInput(name: string, check: (text: string) => boolean, form: string) {
  const parse = (value: unknown): string => {
    if (typeof value !== 'string' || !check(value)) {
      throw new ApiError('invalid_parameter', `${name} must be ${form}, got ${JSON.stringify(value)?.slice(0, 40)}.`);
    }
    return value;
  };
  return {
    // Values leave as held: the release only stores checked periods and dates.
    serialize: (value: unknown) => String(value),
    parseValue: parse,
    parseLiteral: (node: ValueNode) => parse(node.kind === Kind.STRING ? node.value : undefined),
  };
}

export const PeriodScalar = builder.scalarType('Period', {
  description: 'A year (2019), a quarter (2019-Q3) or a month (2019-08).',
  ...stringInput('Period', (t) => parsePeriod(t) !== null, 'YYYY, YYYY-Qn or YYYY-MM (e.g. 2019, 2019-Q3, 2019-08)'),
});


export const DateScalar = builder.scalarType('Date', {
  description: 'A calendar date, YYYY-MM-DD.',
  ...stringInput('Date', isCalendarDate, 'a date YYYY-MM-DD'),
});
