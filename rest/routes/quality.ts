/** Data quality and timing: coverage, gaps, freshness, calendar, latest releases. */
import { nullAbove } from '../route-run';
import {
  CalendarDocument,
  CountryCoverageDocument,
  FreshnessDocument,
  GapsDocument,
  ReleasesLatestDocument,
} from '../../src/generated/operations';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';

/** The `country` filter of the gap and calendar lists. */
const COUNTRIES_NOTE = 'ISO codes, comma separated; all countries when absent.';

export const qualityRoutes = [
  defineRoute({
    path: '/v1/countries/{iso}/coverage',
    summary: 'A year-by-month grid of which measures hold a value.',
    csv: 'rows',
    operation: CountryCoverageDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      return {
        meta: {
          country: r.country.iso,
          name: r.country.name,
          cells: 'One cell per period of the year (12 monthly, 4 quarterly, 1 annual): held, not_published, withheld or missing.',
        },
        data: r.country.coverage.map((row) => snakeFields(row)),
      };
    },
  }),
  defineRoute({
    path: '/v1/gaps',
    summary: 'Every monthly country from its first figure to last month: months held, missing, not published, withheld, pending.',
    params: { country: COUNTRIES_NOTE },
    csv: 'rows',
    operation: GapsDocument,
    shape: (r) => ({
      meta: { next: null },
      data: r.gaps.map((g) => snakeFields(g)),
    }),
  }),
  defineRoute({
    path: '/v1/freshness',
    summary: "Months between today and each country's newest finished period, worst first.",
    params: {
      freq: "M: each monthly country's newest month, as /v1/gaps counts them; Q, A: each country's newest period of its headline series of that frequency.",
    },
    csv: 'rows',
    operation: FreshnessDocument,
    shape: (r) => ({ data: r.freshness.map((f) => snakeFields(f)) }),
  }),
  defineRoute({
    path: '/v1/calendar',
    summary: 'Expected next release per country, derived from the pattern of past releases.',
    params: { country: COUNTRIES_NOTE },
    csv: 'rows',
    operation: CalendarDocument,
    shape: (r) => ({
      meta: { note: r.calendar.note },
      data: r.calendar.rows.map((c) => snakeFields(c)),
    }),
  }),
  defineRoute({
    path: '/v1/releases/latest',
    summary: 'For each country, when figures last arrived and the period they reach.',
    csv: 'rows',
    operation: ReleasesLatestDocument,
    shape: (r) => ({
      meta: { since: r.releasesLatest.since ?? null },
      data: r.releasesLatest.rows.map((x) => snakeFields(x)),
    }),
  }),
];
