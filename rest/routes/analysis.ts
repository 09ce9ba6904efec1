/** Statistics and analysis endpoints: seasonality, holidays join, intensity, origin shift, stay length, regional totals. */
import { nullAbove } from '../route-run';
import { HEADLINE_RULE } from '../../src/domain/headline';
import {
  OriginShiftOfCountryDocument,
  RegionTotalsDocument,
  SeasonalityOfSeriesDocument,
  SeriesHolidayJoinDocument,
  StayLengthOfCountryDocument,
  TourismIntensityRankingDocument,
} from '../../src/generated/operations';
import { snakeFields } from '../fields';
import { SourceList, withProvenance } from '../provenance';
import { defineRoute } from '../route';
import { noSourceNote } from '../../src/domain/measure-sources';

export const analysisRoutes = [
  defineRoute({
    path: '/v1/seasonality',
    summary: 'The average shape of a year for a monthly series: each month as % of its year’s monthly average.',
    description:
      "Each month's index is its value as a percentage of that year's monthly average (100 = an average month); the index is the median across the complete years within from..to, low and high the lowest and highest yearly index. Only complete years (12 months with a value) count; meta.years lists them. Monthly series only.",
    csv: 'rows',
    operation: SeasonalityOfSeriesDocument,
    shape: (r, p) => {
      if (!r.seriesById) throw nullAbove('series');
      const s = r.seriesById.seasonality;
      return {
        meta: { series: r.seriesById.id, years: s.years, index: s.index },
        data: s.months.map((m) => snakeFields(m)),
      };
    },
  }),
  defineRoute({
    path: '/v1/joins/holidays',
    summary: 'A series with the public holidays of each period, national and regional.',
    description:
      "Each period of the series within from..to with the public holidays of the series' country dated inside it (a month, a quarter, or for an annual series the whole year). holidays counts national and regional holidays; holiday_list marks each with national true/false. Holiday rules come from the date-holidays library and are applied to past years as they stand today. In CSV, holiday_list is joined with ';' (date name national).",
    csv: 'rows',
    operation: SeriesHolidayJoinDocument,
    shape: (r, p) => {
      if (!r.seriesById) throw nullAbove('series');
      const h = r.seriesById.holidays;
      const sources = new SourceList();
      const data = withProvenance(h.periods.map((x) => snakeFields(x)), r.seriesById, sources);
      return {
        meta: {
          series: r.seriesById.id,
          country: h.country,
          ...(h.note ? { note: h.note } : {}),
          ...(p.provenance ? { sources: sources.meta() } : {}),
        },
        data,
      };
    },
  }),
  defineRoute({
    path: '/v1/stats/tourism-intensity',
    summary: 'Countries ranked by arrivals and receipts per resident for one year.',
    description:
      "Arrivals: the country's UN Tourism annual arrivals total (thousands, given in units), else World Bank ST.INT.ARVL as a whole count; receipts: UN Tourism inbound tourism expenditure (US$ millions, given in US$), else World Bank ST.INT.RCPT.CD; population: World Bank SP.POP.TOTL. arrivals_source and receipts_source say which was used.",
    params: {
      year: 'Calendar year; 2019 when absent.',
    },
    csv: 'rows',
    operation: TourismIntensityRankingDocument,
    shape: (r) => {
      const t = r.tourismIntensity;
      return {
        meta: { ranked: t.ranked, year: t.year, sources: t.sources },
        data: t.rows.nodes.map((x) => snakeFields(x)),
      };
    },
    // The REST cursor is the ranking's own (the base64url ISO code of the row before the page), passed as sent.
    paging: { hasNextPage: (r) => r.tourismIntensity.rows.pageInfo.hasNextPage, cursorOf: (row: { country: string }) => row.country },
  }),
  defineRoute({
    path: '/v1/stats/origin-shift',
    summary: "Each origin market's share of arrivals, latest 12 months against the 12 before, largest moves first.",
    description:
      "Monthly where the publisher breaks monthly arrivals down by origin (Japan, JNTO); else, for the destinations of Eurostat's origin → destination matrix, annual trips of EU/EFTA residents by country of residence (household surveys, tour_dem_ttw; at least 10 markets published in both years); else UN Tourism's annual arrivals by region of origin. Annual: latest year against the year before (meta.method says which). A held country without an origin breakdown is a 400 naming the countries that carry the statistic.",
    params: {
      country: { description: 'ISO code of a country that carries this statistic.', example: 'JP' },
    },
    csv: 'rows',
    operation: OriginShiftOfCountryDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      const o = r.country.originShift;
      return {
        meta: { country: r.country.iso, method: { ...o.method }, freq: o.freq },
        data: o.rows.map(({ code, ...x }) => Object.assign(snakeFields(x), { origin_code: code })),
      };
    },
    paging: {
      hasNextPage: (r) => r.country?.originShift.hasNextPage ?? false,
      cursorOf: (row: { origin_code: string }) => row.origin_code,
      // The shift's `after` is the origin code itself.
      after: (code) => code,
    },
  }),
  defineRoute({
    path: '/v1/stats/stay-length',
    summary: 'Average length of stay: nights divided by arrivals, monthly, where one table publishes both.',
    description:
      'Eurostat counts nights (tour_occ_nim) and arrivals (tour_occ_arm) for the same establishments; nights_per_arrival is their monthly ratio, rounded to 2 decimals. Months where either is missing are left out.',
    params: {
      country: 'ISO code of a country that carries this statistic.',
      from: 'First month (a year or quarter is widened to its first month).',
    },
    csv: 'rows',
    operation: StayLengthOfCountryDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      const s = r.country.stayLength;
      return {
        meta: { country: r.country.iso, nights_series: s.nightsSeries, arrivals_series: s.arrivalsSeries, next: null },
        data: s.months.map((m) => snakeFields(m)),
      };
    },
  }),
  defineRoute({
    path: '/v1/regions/{region}',
    summary: "Totals for a world region built from its countries' own headline series.",
    description:
      "Sums the countries' headline series of the measure, period by period, with the publishers' scales applied so values are in units. Only series of one frequency, unit and currency are added, and never rates (occupancy in percent): the most common among the region's headline series for the measure (ties go to the finer frequency); meta.left_out names countries whose headline series is of another kind.",
    params: {
      region: { description: 'Region slug, as listed by /v1/regions.', example: 'europe' },
      measure: 'arrivals, nights, spend, departures, occupancy or capacity (no source held gives occupancy: no country carries it).',
    },
    csv: 'rows',
    operation: RegionTotalsDocument,
    shape: (r, p) => {
      if (!r.region) throw nullAbove('region');
      const t = r.region.totals;
      return {
        meta: {
          region: r.region.slug,
          name: r.region.name,
          measure: t.measure,
          countries: t.countries,
          note: t.note,
          freq: t.freq ?? null,
          unit: t.unit ?? null,
          currency: t.currency ?? null,
          left_out: t.leftOut,
          headline_rule: HEADLINE_RULE,
        },
        data: t.rows.map((x) => snakeFields(x)),
      };
    },
  }),
];
