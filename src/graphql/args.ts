/** Argument checks shared by resolvers: a bad value is a GraphQL error with code invalid_parameter. */
import { ApiError } from '../errors';
import { parsePeriod, widenFrom, widenTo } from '../domain/periods';
import { mustBe, PAGE_SIZE_MAX } from './input-kinds';

export function invalidParameter(message: string, parameter: string): ApiError {
  return new ApiError('invalid_parameter', message, {}, { parameter });
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

/** Pages hold 1 to PAGE_SIZE_MAX rows. */
export function limitArg(limit: number | null | undefined): number | undefined {
  if (limit == null) return undefined;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX) throw invalidParameter(mustBe.pageSize('limit'), 'limit');
  return limit;
}

/** Rows in a connection's page when neither `first` nor `last` is given. */
export const DEFAULT_PAGE_SIZE = 100;

/**
 * Codes (checked by their scalar) as the set they name, each once: however long the list a caller
 * sends, ISO codes are at most 26 × 26, within what one SQL statement may bind.
 */
export function distinctCodes(codes: readonly string[]): string[] {
  return [...new Set(codes)];
}
