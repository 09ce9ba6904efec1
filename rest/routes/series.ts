/** Series: search, metadata, latest figure; and the source tables behind them. */
import { nullAbove } from '../route-run';
import {
  SeriesLatestDocument,
  SeriesMetadataDocument,
  SeriesSearchDocument,
  TableListDocument,
  type SeriesRecordFragment,
} from '../../src/generated/operations';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';
import { unitLabel } from './measures';

const SERIES_RENAMES = { countryIso: 'country' } as const;

/** The series record of SPEC.md: the SeriesRecord fragment, whose selection is in SPEC.md's field order. */
export function seriesRecord(s: SeriesRecordFragment) {
  return snakeFields(s, SERIES_RENAMES);
}

export const seriesRoutes = [
  defineRoute({
    path: '/v1/series/search',
    summary: 'Free-text search across series names in every language held, ranked by match and freshness.',
    description:
      "Words match as prefixes, accent- and case-insensitive, in series names and country names in every language held (Japón finds Japan). " +
      "Ranked: a word names the series' country, a word names its measure, the country's headline series, the total (no breakdown), then the freshest. " +
      'meta.note says why nothing matched when the query names a measure no source held gives (occupancy).',
    params: {
      q: 'Words to match (prefixes, any accents or case).',
      country: 'Only series of this country.',
      measure: 'Only series of this measure.',
      freq: 'Only series of this frequency: M, Q or A.',
      headline: "true: only each country's headline series; false: only the others.",
    },
    csv: 'rows',
    operation: SeriesSearchDocument,
    // The cursor holds the offset of the next page, as the GraphQL search cursors do.
    shape: (r, p) => ({
      meta: { q: p.q, ...(r.seriesSearch.note ? { note: r.seriesSearch.note } : {}) },
      data: r.seriesSearch.nodes.map(seriesRecord),
    }),
    paging: { defaultLimit: 50, hasNextPage: (r) => r.seriesSearch.pageInfo.hasNextPage, cursorOf: offsetCursor },
  }),
  defineRoute({
    path: '/v1/series/{id}/metadata',
    summary: 'Definition, scale, source table, method breaks and revisions of one series.',
    csv: false,
    operation: SeriesMetadataDocument,
    shape: (r, p) => {
      if (!r.seriesById) throw nullAbove('series');
      const { table, names, ...s } = r.seriesById;
      return {
        data: Object.assign(snakeFields(s, { ...SERIES_RENAMES, tableCode: 'table', revisionCount: 'revisions' }), {
          source: table,
          names: Object.fromEntries(names.map((n) => [n.lang, n.name])),
        }),
      };
    },
  }),
  defineRoute({
    path: '/v1/series/{id}/latest',
    summary: "The newest figure the caller's plan can see, the same period a year before, and the percentage change.",
    csv: false,
    operation: SeriesLatestDocument,
    shape: (r, p) => {
      const s = r.seriesById;
      if (!s) throw nullAbove('series');
      const l = s.latest;
      return {
        data: {
          series: s.id,
          name: s.name,
          unit: unitLabel(s),
          period: l?.period ?? null,
          value: l?.value ?? null,
          year_before: l?.yearBefore ?? null,
          yoy_pct: l?.yoyPct ?? null,
        },
        ...(s.latestNote ? { meta: { note: s.latestNote } } : {}),
      };
    },
  }),
  defineRoute({
    path: '/v1/tables',
    summary: "Published source tables behind a country's series.",
    params: {
      country: "Only tables holding this country's series.",
    },
    csv: 'rows',
    operation: TableListDocument,
    // The country's code is rejected (unknown_country) when it is not present.
    computed: { isos: (p) => (p.country ? [p.country] : undefined) },
    shape: (r) => ({ data: r.tables.nodes.map((t) => snakeFields(t)) }),
    paging: { defaultLimit: 100, hasNextPage: (r) => r.tables.pageInfo.hasNextPage, cursorOf: (row: { table: string }) => row.table },
  }),
];

/** Search pages by offset: the cursor after a row is the offset of the row that follows it. */
function offsetCursor(_row: unknown, index: number, p: { after?: string }): string {
  return String((Number(p.after) || 0) + index + 1);
}
