/** Argument checks shared by resolvers: a bad value is a GraphQL error with code invalid_parameter. */
import { GraphQLError } from 'graphql';
import { parsePeriod, widenFrom, widenTo } from '../domain/periods';

export function invalidParameter(message: string, parameter: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'invalid_parameter', parameter } });
}

/** Validates from/to and returns them widened to months (DECISIONS.md, "Periods and dates"). */
export function periodBounds(from?: string | null, to?: string | null): { from?: string; to?: string } {
  for (const [name, v] of [['from', from], ['to', to]] as const) {
    if (v != null && !parsePeriod(v)) throw invalidParameter(`${name} must be YYYY, YYYY-MM or YYYY-Qn, got "${v}".`, name);
  }
  const bounds = { from: from ? widenFrom(from) : undefined, to: to ? widenTo(to) : undefined };
  if (bounds.from && bounds.to && bounds.from > bounds.to) throw invalidParameter('from is after to.', 'from');
  return bounds;
}

export function limitArg(limit: number | null | undefined): number | undefined {
  if (limit == null) return undefined;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw invalidParameter('limit must be an integer from 1 to 1000.', 'limit');
  return limit;
}
