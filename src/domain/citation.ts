/**
 * Each publisher's terms of reuse, as stated in the files present or in the sources' notes
 * (../shared/data/SOURCES.md), and the citation a series carries. Where neither states the
 * publisher's terms, the licence says so rather than naming one.
 */

export interface Licence {
  name: string;
  /** The publisher's terms or the licence's text; null when not stated. */
  url: string | null;
}

/** What the terms are when nothing present states them. */
export const TERMS_NOT_STATED = "Terms not stated in the publisher's files held; see the publisher's site before reuse";

/** Keyed by the publisher's name as the connectors write it (SourceTable.publisher). */
const LICENCES: Record<string, Licence> = {
  // SOURCES.md: "Eurostat reuse policy (free reuse with attribution: 'Source: Eurostat')".
  Eurostat: { name: 'Eurostat reuse policy: free reuse with attribution ("Source: Eurostat")', url: 'https://ec.europa.eu/eurostat/about-us/policies/copyright' },
  // SOURCES.md: "© UNWTO. OWID cites it as CC BY 4.0; see https://www.unwto.org/copyright".
  'UN Tourism': { name: '© UN Tourism (UNWTO); terms of use at unwto.org/copyright', url: 'https://www.unwto.org/copyright' },
  // SOURCES.md: "Licence: CC BY 4.0 (World Bank)".
  'World Bank': { name: 'CC BY 4.0 (World Bank)', url: 'https://creativecommons.org/licenses/by/4.0/' },
  // The release workbook links Creative Commons BY 4.0 and Stats NZ's copyright and terms of use.
  'Stats NZ': { name: 'CC BY 4.0 (Crown copyright, Stats NZ)', url: 'https://creativecommons.org/licenses/by/4.0/' },
  // SOURCES.md: "Free reuse with source attribution".
  'European Central Bank': { name: 'Free reuse with source attribution (European Central Bank)', url: null },
  // SOURCES.md: "Public domain (U.S. Government)".
  'U.S. Energy Information Administration': { name: 'Public domain (U.S. Government)', url: null },
  // The workbook states only "© Commonwealth of Australia".
  'Australian Bureau of Statistics': { name: `© Commonwealth of Australia; ${TERMS_NOT_STATED}`, url: null },
};

/** The publisher's licence, or a statement that its terms are not stated in what is present. */
export function licenceOf(publisher: string): Licence {
  return LICENCES[publisher] ?? { name: TERMS_NOT_STATED, url: null };
}

export interface CitationParts {
  publisher: string;
  /** The publisher's table or dataset title. */
  title: string;
  /** The publisher's release date (YYYY-MM-DD), where the file gives one. */
  released: string | null;
  /** The publisher's official address of the table. */
  address: string;
  /** When this service took the figures served (ISO date or timestamp). */
  retrieved: string;
  /** The series' own name and alias. */
  seriesName: string;
  alias: string;
  /** This service's address of the series. */
  serviceUrl: string;
}

/**
 * A ready citation: publisher, title, release date, official address, the date the figures were
 * retrieved, and this service's address of the series, in that order.
 */
export function citationOf(c: CitationParts): string {
  const released = c.released ? `released ${c.released}` : 'release date not stated by the publisher';
  const series = c.seriesName ? `"${c.seriesName}" (${c.alias})` : c.alias;
  return (
    `${c.publisher}. ${c.title}. ${released[0].toUpperCase()}${released.slice(1)}. ${c.address}. ` +
    `Retrieved ${c.retrieved.slice(0, 10)}. Series ${series} via the Tourism Statistics API: ${c.serviceUrl}`
  );
}

/** This service's address of a series' figures (the same the release feed links to). */
export function seriesServiceUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/v1/series/${encodeURIComponent(id)}/observations`;
}

/** What a series' citation is written from: its row and its source table's. */
export interface CitedSeries {
  id: string;
  alias: string;
  name: string;
  /** When figures of the series last changed here: the retrieval of the figures served. */
  updated: string;
  table: { publisher: string; title: string; url: string; released: string | null };
}

export function seriesCitation(s: CitedSeries, baseUrl: string): string {
  return citationOf({
    publisher: s.table.publisher,
    title: s.table.title,
    released: s.table.released,
    address: s.table.url,
    retrieved: s.updated,
    seriesName: s.name,
    alias: s.alias,
    serviceUrl: seriesServiceUrl(baseUrl, s.id),
  });
}
