/**
 * The Atom feed of /v1/releases/feed: one entry per release present, naming the countries and series
 * it updated, the periods they reach, and where their REST answers are.
 */
import type { ReleaseFeedQuery } from '../src/generated/operations';
import { atomDocument, type AtomEntry, type AtomFeed } from './atom';
import { countryLink, feedLink, seriesLink } from './release-links';

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

type Release = ReleaseFeedQuery['releases'][number];
type Country = Release['countries'][number];

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * An entry's id: a tag URI (RFC 4151) from the service's host, the release's day and version, so it
 * stays the same in every fetch; an entry of one country's feed is an entry of its own.
 */
export function releaseEntryId(baseUrl: string, release: { version: string; publishedAt: string }, country?: string): string {
  const host = new URL(baseUrl).hostname;
  return `tag:${host},${release.publishedAt.slice(0, 10)}:releases/${release.version}${country ? `/${country}` : ''}`;
}

function countryLabel(c: Country): string {
  return c.name ? `${c.name} (${c.iso})` : c.iso;
}

function entryTitle(r: Release, country: string | undefined): string {
  const day = r.publishedAt.slice(0, 10);
  const only = r.countries.length === 1 ? r.countries[0] : null;
  if (country && only) return `${countryLabel(only)}: ${count(r.seriesUpdated, 'series', 'series')} updated${only.periodReached ? `, reaching ${only.periodReached}` : ''} (release of ${day})`;
  const names = r.countries.length <= 3 ? r.countries.map(countryLabel).join(', ') : count(r.countries.length, 'country', 'countries');
  return `Release of ${day}: ${names}, ${count(r.seriesUpdated, 'series', 'series')} updated`;
}

function entrySummary(r: Release): string {
  return (
    `${count(r.countries.length, 'country', 'countries')}, ${count(r.seriesUpdated, 'series', 'series')} updated: ` +
    `${count(r.newFigures, 'new figure')}, ${count(r.revisedFigures, 'revised figure')}. Release ${r.version}.`
  );
}

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function entryContent(r: Release, baseUrl: string): string {
  return r.countries
    .map((c) => {
      const items = c.series.map((s) => {
        const label = html(s.alias ?? s.id);
        const name = s.alias ? `<a href="${html(seriesLink(baseUrl, s.id))}">${label}</a>` : `${label} (no longer held)`;
        const changes = [s.newFigures > 0 ? count(s.newFigures, 'new figure') : '', s.revisedFigures > 0 ? count(s.revisedFigures, 'revised figure') : '']
          .filter(Boolean)
          .join(', ');
        return `<li>${name}, ${html(s.measure)}: reaches ${html(s.periodReached ?? 'no period with a value')}${changes ? `; ${changes}` : ''}</li>`;
      });
      const reached = c.periodReached ? `, reaching ${html(c.periodReached)}` : '';
      return `<h3><a href="${html(countryLink(baseUrl, c.iso))}">${html(countryLabel(c))}</a>${reached}</h3><ul>${items.join('')}</ul>`;
    })
    .join('');
}

function entry(r: Release, baseUrl: string, country: string | undefined): AtomEntry {
  return {
    id: releaseEntryId(baseUrl, r, country),
    title: entryTitle(r, country),
    updated: r.publishedAt,
    summary: entrySummary(r),
    contentHtml: entryContent(r, baseUrl),
    links: r.countries.map((c) => ({ href: countryLink(baseUrl, c.iso), rel: 'related' as const, type: 'application/json', title: countryLabel(c) })),
  };
}

/** The feed of the releases the operation returned (newest first), of one country when asked. */
export function releaseFeed(releases: readonly Release[], country: string | undefined, ctx: { publicBaseUrl: string; dataAsOf: string }): string {
  const self = feedLink(ctx.publicBaseUrl, country);
  const feed: AtomFeed = {
    id: self,
    title: `Tourism statistics: releases${country ? ` for ${country}` : ''}`,
    subtitle:
      'When figures arrive: one entry per release, naming the countries and series it brought figures to or revised and the periods they reach. ' +
      "Each plan sees the figures themselves as its own rules say (the series' answers need the developer plan or above).",
    updated: releases[0]?.publishedAt ?? ctx.dataAsOf,
    author: 'Tourism Statistics API',
    links: [
      { href: self, rel: 'self', type: 'application/atom+xml' },
      { href: `${self}${country ? '&' : '?'}format=json`, rel: 'alternate', type: 'application/json' },
    ],
    entries: releases.map((r) => entry(r, ctx.publicBaseUrl, country)),
  };
  return atomDocument(feed);
}
