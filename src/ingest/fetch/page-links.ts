/**
 * Finding a publisher's newest file from the page that links it, for publishers whose file names
 * change with every release (UN Tourism's dated workbooks, JNTO's dated files, ABS's release folders).
 */

/** The most links read from one page, and the longest address taken (an unclosed quote then costs a bounded look ahead, not the rest of the page). */
const MAX_LINKS = 100_000;
const MAX_HREF = 4096;
const HREF = new RegExp(`\\bhref\\s*=\\s*(?:"([^"]{0,${MAX_HREF}})"|'([^']{0,${MAX_HREF}})'|([^\\s"'>]{1,${MAX_HREF}}))`, 'gi');

/** Every link (`href`) of an HTML page, resolved against the page's address, entities decoded; at most MAX_LINKS. */
export function linksOf(html: string, pageUrl: string): string[] {
  const links: string[] = [];
  for (const m of html.matchAll(HREF)) {
    if (links.length >= MAX_LINKS) break;
    const raw = (m[1] ?? m[2] ?? m[3]).replace(/&amp;/g, '&').replace(/&#x2F;/gi, '/').trim();
    try {
      links.push(new URL(raw, pageUrl).href);
    } catch {
      // Not an address (javascript:, a broken href): not a file link either.
    }
  }
  return links;
}

/** A link's file name, percent-decoding undone (`World_Tourism%20Barometer.pdf` → `World_Tourism Barometer.pdf`). */
export function fileNameOf(url: string): string {
  const name = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthNumber = (name: string) => String(MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1).padStart(2, '0');

/**
 * The release a link belongs to, as a sortable YYYY-MM-DD: the release folder (`/2023-11/`, as
 * Drupal's S3 storage names it; `/mar-2026/` as the ABS does; `/2024/October/`), else a date in the
 * file name (`…-may-2024`, `20260916_…`, `…_112023`, `…_12_2025`, `…_2022`); '' when the address carries none.
 */
export function releaseKey(url: string): string {
  const { pathname } = new URL(url);
  const folder = /\/((?:19|20)\d{2})-(\d{2})\//.exec(pathname);
  if (folder) return `${folder[1]}-${folder[2]}-00`;
  const month = `(${MONTHS.join('|')})[a-z]*`;
  const named = new RegExp(`/${month}-((?:19|20)\\d{2})/`, 'i').exec(pathname);
  if (named) return `${named[2]}-${monthNumber(named[1])}-00`;
  const yearMonth = new RegExp(`/((?:19|20)\\d{2})/${month}/`, 'i').exec(pathname);
  if (yearMonth) return `${yearMonth[1]}-${monthNumber(yearMonth[2])}-00`;
  const name = fileNameOf(url);
  // A month written out beside its year (`…-may-2024.xlsx`, `June_2024`), as Stats NZ names its workbooks.
  const namedInFile = new RegExp(`(?:^|[^a-z])${month}[-_ ]?((?:19|20)\\d{2})(?:\\D|$)`, 'i').exec(name);
  if (namedInFile) return `${namedInFile[2]}-${monthNumber(namedInFile[1])}-00`;
  const ymd = /(?:^|\D)((?:19|20)\d{2})(\d{2})(\d{2})(?:\D|$)/.exec(name);
  if (ymd) return `${ymd[1]}-${ymd[2]}-${ymd[3]}`;
  const my = /(?:^|\D)(\d{2})_?((?:19|20)\d{2})(?:\D|$)/.exec(name);
  if (my && Number(my[1]) >= 1 && Number(my[1]) <= 12) return `${my[2]}-${my[1]}-00`;
  const y = /(?:^|\D)((?:19|20)\d{2})(?:\D|$)/.exec(name);
  return y ? `${y[1]}-00-00` : '';
}

/**
 * The newest of the links whose file name matches `pattern`: the latest release key, the first on
 * the page among equals (publishers list their newest file first). Null when none matches.
 */
export function newestLink(links: readonly string[], pattern: RegExp): string | null {
  let best: { url: string; key: string } | null = null;
  for (const url of links) {
    if (!pattern.test(fileNameOf(url))) continue;
    const key = releaseKey(url);
    if (!best || key > best.key) best = { url, key };
  }
  return best?.url ?? null;
}
