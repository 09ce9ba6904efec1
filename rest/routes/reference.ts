/** Reference endpoints: countries, peers, regions, holidays, exchange rates, status. */
import { nullAbove } from '../route-run';
import {
  CountryDetailDocument,
  CountryListDocument,
  CountryPeersDocument,
  FxLatestDocument,
  HolidayListDocument,
  RegionListDocument,
  ServiceStatusDocument,
  type CountryRecordFragment,
} from '../../src/generated/operations';
import { countryCursor } from '../../src/graphql/connections';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';

/** The country record of SPEC.md: the CountryRecord fragment, whose selection is in SPEC.md's field order. */
export function countryRecord<C extends CountryRecordFragment>(c: C) {
  return snakeFields(c, { regionName: 'region' });
}

export const referenceRoutes = [
  defineRoute({
    path: '/v1/countries',
    summary: 'Every place held, with depth, freshness and measures carried.',
    params: {
      freq: 'Only the countries of this frequency (M, Q, A): monthly when a monthly total (or overnight visitors, or the travel item) with figures is held, however old; else quarterly when a quarterly one is; else annual.',
      limit: 'Rows per page, 1 to 1000; all rows when absent.',
    },
    csv: 'rows',
    operation: CountryListDocument,
    shape: (r) => ({ data: r.countries.nodes.map(countryRecord) }),
    // The REST cursor is the row's ISO code; the connection's is its own.
    paging: { hasNextPage: (r) => r.countries.pageInfo.hasNextPage, cursorOf: (row: { iso: string }) => row.iso, after: countryCursor },
  }),
  defineRoute({
    path: '/v1/countries/{iso}',
    summary: 'One country: measures, frequency, first and latest period and the statistics it supports.',
    csv: false,
    operation: CountryDetailDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      return { data: countryRecord(r.country) };
    },
  }),
  defineRoute({
    path: '/v1/countries/{iso}/peers',
    summary: 'Every other country in the same world region.',
    csv: 'rows',
    operation: CountryPeersDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      return {
        meta: { iso: r.country.iso, region: r.country.region?.name ?? null },
        data: r.country.peers.map(countryRecord),
      };
    },
  }),
  defineRoute({
    path: '/v1/regions',
    summary: "UN Tourism's world regions and the country codes in each.",
    csv: 'rows',
    operation: RegionListDocument,
    shape: (r) => ({
      data: r.regions.map(({ countries, ...g }) => Object.assign(snakeFields(g, { slug: 'region' }), { countries: countries.map((c) => c.iso) })),
    }),
  }),
  defineRoute({
    path: '/v1/holidays/{iso}',
    summary: 'Public holidays of one country and year, national and regional.',
    params: {
      year: 'Calendar year; the current year when absent.',
    },
    csv: 'rows',
    operation: HolidayListDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      return {
        meta: { country: r.country.iso, year: p.year ?? null },
        data: r.holidays.map((h) => snakeFields(h)),
      };
    },
  }),
  defineRoute({
    path: '/v1/fx/latest',
    summary: 'The newest ECB euro reference rates, one row per currency held or named.',
    params: {
      currency: 'ISO 4217 codes, comma separated.',
    },
    csv: 'rows',
    operation: FxLatestDocument,
    shape: (r) => ({
      meta: { base: r.fxLatest.base, date: r.fxLatest.date, quoted: `units of the currency per one ${r.fxLatest.base}` },
      data: r.fxLatest.quotes.map((q) => snakeFields(q)),
    }),
  }),
  defineRoute({
    path: '/v1/status',
    summary: 'Whether the service is up and when data was last loaded.',
    csv: false,
    operation: ServiceStatusDocument,
    shape: ({ status: { sources, ...status } }, _p, ctx) => ({
      data: {
        ...snakeFields(status),
        endpoints_live: ctx.endpointsLive,
        status_page: `${ctx.publicBaseUrl}/v1/status`,
        sources: sources.map((source) => snakeFields(source)),
      },
    }),
  }),
];
