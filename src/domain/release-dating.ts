/**
 * When a figure was published, for plan visibility (developer keys see figures published more than
 * 30 days ago). Later loads date a figure by the load that brought it. The first load has no such
 * history, so it dates each figure by when the publisher released it: the file's own release or
 * update date where it gives one (UN Tourism's "data updated on 25/01/2023", JNTO's file of
 * 2017-04-21), otherwise the end of the period plus the publisher's usual delay; never later than
 * the load itself.
 */
import { monthFromIndex, monthIndex } from './periods';
import type { Freq } from './types';

/**
 * Months from the end of a period to its publication, where the file carries no date. Eurostat's
 * tourism tables follow Regulation (EU) 692/2011: monthly occupancy within 8 weeks of the month
 * (about 2 months, as the monthly files show: they reach two months before their download),
 * annual capacity, regional and demand-side figures within 6 months of the year.
 */
export const USUAL_DELAY_MONTHS: Readonly<Record<string, Partial<Record<Freq, number>>>> = {
  Eurostat: { M: 2, Q: 3, A: 6 },
};

/** The dating rule in words, for the docs page. */
export const DATING_RULE =
  'Developer keys see figures published more than 30 days ago. A figure is dated by the data release that first brought it; ' +
  "on the first load, which has no such history, by the publisher's release: the file's own release or update date where it " +
  "gives one, otherwise the end of the period plus the publisher's usual delay (Eurostat: 2 months for monthly tables, " +
  '6 for annual ones), never later than the load.';

export interface SourceDating {
  publisher: string;
  /** The file's own release or update date, YYYY-MM-DD. */
  released?: string;
}

/** First-load publication timestamp (ISO) of one figure; `loadedAt` is the load's ISO timestamp. */
export function firstLoadPublished(period: string, freq: Freq, source: SourceDating, loadedAt: string): string {
  let dated: string | null = null;
  if (source.released) dated = `${source.released}T00:00:00.000Z`;
  else {
    const delay = USUAL_DELAY_MONTHS[source.publisher]?.[freq];
    // The period ends at the start of the month after its last month; the delay counts from there.
    if (delay !== undefined) dated = `${monthFromIndex(monthIndex(period) + 1 + delay)}-01T00:00:00.000Z`;
  }
  return dated !== null && dated < loadedAt ? dated : loadedAt;
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
