/**
 * When a figure was published: the publisher's release date, never the day this service read the
 * file. Three facts can date a figure, and the earliest one found is taken:
 *  - the release or update date the file itself gives (UN Tourism's "data updated on 25/01/2023",
 *    JNTO's file of 2017-04-21, StatCan's "Release date: 2025-12-22");
 *  - the publisher's HTTP `Last-Modified` for the copy fetched from its address;
 *  - the publisher's release calendar: the end of the period plus its usual delay (PUBLISHER_CALENDARS).
 * Each of the first two says when the whole file was out, so it bounds every figure in it; the
 * calendar dates each period on its own, so a file holding fifty years is not dated as fifty years
 * of figures published the day of its newest month.
 */
import { monthFromIndex, monthIndex } from './periods';
import type { Freq } from './types';

/** How long after the end of a period a publisher releases its figures. */
export interface ReleaseDelay {
  unit: 'day' | 'month';
  n: number;
}

export interface PublisherCalendar {
  delays: Partial<Record<Freq, ReleaseDelay>>;
  /** Where the delay comes from: the publisher's own statement, or the files' evidence. */
  basis: string;
}

const days = (n: number): ReleaseDelay => ({ unit: 'day', n });
const months = (n: number): ReleaseDelay => ({ unit: 'month', n });

/**
 * The publishers' release calendars, by publisher name as the source tables give it (docs/methodology.md
 * quotes each basis). A delay is counted from the first day after the period; where a statement gives a
 * range, the later end is taken, so no figure is dated before it was out.
 */
export const PUBLISHER_CALENDARS: Readonly<Record<string, PublisherCalendar>> = {
  Eurostat: {
    delays: { M: months(2), Q: months(3), A: months(6) },
    basis:
      'Regulation (EU) 692/2011: monthly occupancy within 8 weeks of the month (the monthly files reach two months before their download), ' +
      'annual capacity, regional and demand-side figures within 6 months of the year.',
  },
  'Australian Bureau of Statistics': {
    delays: { M: days(46) },
    basis: '3401.0 is released in the middle of the second month after the reference month (June 2017 and June 2019 issues: 15 August).',
  },
  'Japan National Tourism Organization': {
    delays: { M: days(25) },
    basis:
      'JNTO publishes preliminary figures in the month following the month in question (May 2025 figures on 18 June 2025, ' +
      'September 2020 on 21 October 2020; the file of 2017-04-21 reaches March 2017).',
  },
  'Statistics Canada': {
    delays: { M: days(52) },
    basis: "The file's own release date: October 2025 was released on 2025-12-22.",
  },
  'U.S. National Travel and Tourism Office': {
    delays: { M: days(59) },
    basis: "NTTO releases a month's I-94 arrivals in advance, preliminary and final steps on about the 8th, 18th and 28th of the following months.",
  },
  'Hong Kong Immigration Department': {
    delays: { M: days(1) },
    basis: 'Daily passenger traffic is published on data.gov.hk the day after; a month is complete with its last day.',
  },
  'Singapore Department of Statistics': {
    delays: { M: days(45) },
    basis: 'No statement in the files; taken as the ABS-like lag of a monthly border count, about six weeks.',
  },
  'Department of Statistics Malaysia (data.gov.my)': {
    delays: { M: days(60) },
    basis: 'No statement in the files; data.gov.my updates arrivals_soe monthly, taken as two months after the month.',
  },
  'Ministério do Turismo, Brazil': {
    delays: { A: months(6), M: months(6) },
    basis: "No statement in the files; the ministry publishes a year's arrivals file during the following year, taken as six months after the year.",
  },
};

/** The dating rule in words, for the docs page. */
export const DATING_RULE =
  "Developer keys see figures published more than 30 days ago, in every field alike (latest, latestValue, observations, measure lists and the statistics computed from them). A figure's publication date is the publisher's release: " +
  "the earliest of the release or update date the file gives, the publisher's Last-Modified for the copy fetched, and the publisher's release calendar " +
  '(the end of the period plus its usual delay; Eurostat: 2 months for monthly tables, 6 for annual ones). It is never the day this service read the file.';

export interface SourceDating {
  publisher: string;
  /** The file's own release or update date, YYYY-MM-DD. */
  released?: string | null;
  /** The publisher's Last-Modified for the copy fetched, YYYY-MM-DD. */
  lastModified?: string | null;
}

/** Which fact dated a figure. */
export type DatedBy = 'file' | 'last-modified' | 'calendar';

/** The first day after the period, YYYY-MM-DD. */
function dayAfter(period: string): string {
  return `${monthFromIndex(monthIndex(period) + 1)}-01`;
}

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The publisher's calendar date of a period's figures (YYYY-MM-DD), or null when no calendar is known. */
export function calendarDate(period: string, freq: Freq, publisher: string): string | null {
  const delay = PUBLISHER_CALENDARS[publisher]?.delays[freq];
  if (!delay) return null;
  if (delay.unit === 'month') return `${monthFromIndex(monthIndex(period) + 1 + delay.n)}-01`;
  return addDays(dayAfter(period), delay.n);
}

/** The publication date of one figure (YYYY-MM-DD) and the fact that gave it; null when nothing dates it. */
export function publicationDate(period: string, freq: Freq, source: SourceDating): { date: string; by: DatedBy } | null {
  const facts: { date: string; by: DatedBy }[] = [];
  if (source.released) facts.push({ date: source.released, by: 'file' });
  if (source.lastModified) facts.push({ date: source.lastModified, by: 'last-modified' });
  const calendar = calendarDate(period, freq, source.publisher);
  if (calendar) facts.push({ date: calendar, by: 'calendar' });
  let best: { date: string; by: DatedBy } | null = null;
  for (const f of facts) if (!best || f.date < best.date) best = f;
  return best;
}

/** The publication timestamp (ISO, start of the day) as stored in Observation.published. */
export function publishedAt(date: string): string {
  return `${date}T00:00:00.000Z`;
}

/** An HTTP date (Last-Modified) as YYYY-MM-DD, or null when it is not one. */
export function httpDateDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? new Date(t).toISOString().slice(0, 10) : null;
}

/**
 * The date (YYYY-MM-DD) of the newest publication among a series' figures with a value, as each
 * figure is dated above: the date a citation gives for the figures served; null when none has a value.
 */
export function newestPublication(points: readonly { value: number | null; published: string }[]): string | null {
  let newest: string | null = null;
  for (const p of points) if (p.value !== null && (newest === null || p.published > newest)) newest = p.published;
  return newest === null ? null : newest.slice(0, 10);
}
