/** Where the REST answers about a release's countries and series are: the feed and the webhook events link to them. */

/** The feed's route (rest/routes/releases.ts). */
const FEED_PATH = '/v1/releases/feed';

/** A series' figures, every period with its status (developer plan and above). */
export function seriesLink(baseUrl: string, id: string): string {
  return `${baseUrl}/v1/series/${encodeURIComponent(id)}/observations`;
}

/** A country's record: its measures and the period it reaches (every plan). */
export function countryLink(baseUrl: string, iso: string): string {
  return `${baseUrl}/v1/countries/${encodeURIComponent(iso)}`;
}

/** The release feed, of one country when given. */
export function feedLink(baseUrl: string, country?: string): string {
  return `${baseUrl}${FEED_PATH}${country ? `?country=${encodeURIComponent(country)}` : ''}`;
}
