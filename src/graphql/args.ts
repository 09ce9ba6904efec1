/** Argument checks shared by resolvers: a bad value is a GraphQL error with code invalid_parameter. */
import { ApiError } from '../errors';
import { parsePeriod, widenFrom, widenTo } from '../domain/periods';
import { FREQS } from '../domain/types';

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

/** The most rows a page holds (a connection's `first` or `last`, a list's `limit`). */
export const PAGE_SIZE_MAX = 1000;

/** What a bad page size or frequency is told, in the words both surfaces use (REST's parameter kinds too). */
export const mustBe = {
  pageSize: (name: string) => `${name} must be an integer from 1 to ${PAGE_SIZE_MAX}.`,
  freq: (name: string) => `${name} must be ${FREQS.slice(0, -1).join(', ')} or ${FREQS.at(-1)}.`,
};

/** Pages hold 1 to PAGE_SIZE_MAX rows. */
export function limitArg(limit: number | null | undefined): number | undefined {
  if (limit == null) return undefined;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX) throw invalidParameter(mustBe.pageSize('limit'), 'limit');
  return limit;
}

/** Rows in a connection's page when neither `first` nor `last` is given. */
export const DEFAULT_PAGE_SIZE = 100;

const ISO_RE = /^[A-Z]{2}$/;
export function isoArg(iso: string): string {
  const up = iso.toUpperCase();
  if (!ISO_RE.test(up)) throw invalidParameter(`"${iso}" is not an ISO 3166 two-letter code.`, 'iso');
  return up;
}

/**
 * A list of ISO codes as the set it names: each checked, each once. However long the list a caller
 * sends, the codes are at most 26 × 26, within what one SQL statement may bind.
 */
export function isoListArg(isos: readonly string[]): string[] {
  return [...new Set(isos.map(isoArg))];
}

export function freqArg(freq: string | null | undefined): string | undefined {
  if (freq == null) return undefined;
  if (!(FREQS as readonly string[]).includes(freq)) throw invalidParameter(mustBe.freq('freq'), 'freq');
  return freq;
}
