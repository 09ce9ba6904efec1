/** Reference endpoints: countries, peers, regions, holidays, exchange rates, status. */
import { refusedAbove } from '../route-run';
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
import { PAGE_SIZE_MAX } from '../../src/graphql/args';
import { countryCursor } from '../../src/graphql/connections';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';
import { formatParam as format, isoPathParam as iso } from '../common-params';


/** The country record of SPEC.md: the CountryRecord fragment, whose selection is in SPEC.md's field order. */
export function countryRecord<C extends CountryRecordFragment>(c: C) {
  return snakeFields(c, { regionName: 'region' });
}

export const referenceRoutes = [
  defineRoute({
    path: '/v1/countries',
    summary: 'Every place held, with depth, freshness and measures carried.',
    pathParams: [],
    query: [
      { name: 'freq', kind: 'freq', description: 'Only the countries of this frequency (M, Q, A): monthly when a monthly total (or overnight visitors, or the travel item) with figures is held, however old; else quarterly when a quarterly one is; else annual.' },
      { name: 'limit', kind: 'limit', description: 'Rows per page, 1 to 1000; all rows when absent.' },
      { name: 'cursor', kind: 'cursor', description: 'Opaque position from meta.next.' },
      format,
    ],
    csv: 'rows',
    operation: CountryListDocument,
    variables: (p) => ({
      freq: p.freq,
      limit: p.limit ?? PAGE_SIZE_MAX,
      after: p.after !== undefined ? countryCursor(p.after) : undefined,
    }),
    shape: (r) => ({ data: r.countries.nodes.map(countryRecord) }),
    paging: { hasNextPage: (r) => r.countries.pageInfo.hasNextPage, cursorOf: (row: { iso: string }) => row.iso },
  }),
  defineRoute({
    path: '/v1/countries/{iso}',
    summary: 'One country: measures, frequency, first and latest period and the statistics it supports.',
    pathParams: [iso],
    query: [],
    csv: false,
    operation: CountryDetailDocument,
    variables: (p) => ({ iso: p.iso }),
    shape: (r, p) => {
      if (!r.country) throw refusedAbove('country');
      return { data: countryRecord(r.country) };
    },
  }),
  defineRoute({
    path: '/v1/countries/{iso}/peers',
    summary: 'Every other country in the same world region.',
    pathParams: [iso],
    query: [format],
    csv: 'rows',
    operation: CountryPeersDocument,
    variables: (p) => ({ iso: p.iso }),
    shape: (r, p) => {
      if (!r.country) throw refusedAbove('country');
      return {
        meta: { iso: r.country.iso, region: r.country.region?.name ?? null },
        data: r.country.peers.map(countryRecord),
      };
    },
  }),
  defineRoute({
    path: '/v1/regions',
    summary: "UN Tourism's world regions and the country codes in each.",
    pathParams: [],
    query: [format],
    csv: 'rows',
    operation: RegionListDocument,
    variables: () => ({}),
    shape: (r) => ({
      data: r.regions.map(({ countries, ...g }) => Object.assign(snakeFields(g, { slug: 'region' }), { countries: countries.map((c) => c.iso) })),
    }),
  }),
  defineRoute({
    path: '/v1/holidays/{iso}',
    summary: 'Public holidays of one country and year, national and regional.',
    pathParams: [iso],
    query: [{ name: 'year', kind: 'year', description: 'Calendar year; the current year when absent.' }, format],
    csv: 'rows',
    operation: HolidayListDocument,
    variables: (p) => ({ iso: p.iso, year: p.year }),
    shape: (r, p) => {
      if (!r.country) throw refusedAbove('country');
      return {
        meta: { country: r.country.iso, year: p.year ?? null },
        data: r.holidays.map((h) => snakeFields(h)),
      };
    },
  }),
  defineRoute({
    path: '/v1/fx/latest',
    summary: 'The newest ECB euro reference rates, one row per currency held or named.',
    pathParams: [],
    query: [{ name: 'currency', kind: 'currency', description: 'ISO 4217 codes, comma separated.' }, format],
    csv: 'rows',
    operation: FxLatestDocument,
    variables: (p) => ({ currencies: p.currency }),
    shape: (r) => ({
      meta: { base: r.fxLatest.base, date: r.fxLatest.date, quoted: `units of the currency per one ${r.fxLatest.base}` },
      data: r.fxLatest.quotes.map((q) => snakeFields(q)),
    }),
  }),
  defineRoute({
    path: '/v1/status',
    summary: 'Whether the service is up and when data was last loaded.',
    pathParams: [],
    query: [],
    csv: false,
    operation: ServiceStatusDocument,
    variables: () => ({}),
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
