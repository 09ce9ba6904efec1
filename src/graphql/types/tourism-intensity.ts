/** Query.tourismIntensity: countries ranked by arrivals and receipts per resident for one year. */
import { perRelease } from '../../db/data-store';
import { bankCount, INTENSITY_SOURCES_NOTE, pickFigure, type SourcedFigure } from '../../domain/intensity-inputs';
import { tourismIntensity, type IntensityRow } from '../../domain/intensity';
import { YearScalar } from '../scalars';
import { keyedConnection, totalCountField } from '../connections';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { pageCost } from '../cost';

type RankedRow = IntensityRow & { arrivalsSource: string; receiptsSource: string | null };

const IntensityRowType = builder.objectRef<RankedRow>('TourismIntensityRow').implement({
  fields: (t) => ({
    rank: t.exposeInt('rank', { description: 'By arrivals per resident; equal ratios share a rank.' }),
    country: t.exposeString('country'),
    name: t.exposeString('name'),
    year: t.exposeInt('year'),
    arrivalsPerResident: t.exposeFloat('arrivalsPerResident', { description: 'Rounded to 3 decimals.' }),
    receiptsPerResidentUsd: t.exposeFloat('receiptsPerResidentUsd', { nullable: true, description: 'US$, rounded to 2 decimals.' }),
    arrivals: t.exposeFloat('arrivals', { description: 'International visitor arrivals, in units.' }),
    population: t.exposeFloat('population', { description: 'Residents (World Bank SP.POP.TOTL).' }),
    arrivalsSource: t.exposeString('arrivalsSource', { description: 'un_tourism or world_bank.' }),
    receiptsSource: t.exposeString('receiptsSource', { nullable: true, description: 'un_tourism, world_bank, or null when none.' }),
  }),
});

const TourismIntensityType = builder
  .objectRef<{ year: number; ranked: number; sources: string; ranking: RankedRow[] }>('TourismIntensity')
  .implement({
    fields: (t) => ({
      year: t.exposeInt('year'),
      ranked: t.exposeInt('ranked', { description: 'Countries ranked for the year (all pages).' }),
      sources: t.exposeString('sources', { description: 'Which figures feed the ratios.' }),
      rows: t.connection(
        {
          type: IntensityRowType,
          complexity: pageCost,
          description: 'The ranking, best first; a cursor stands for a country.',
          resolve: (r, args) => keyedConnection(r.ranking, (row) => row.country, args),
        },
        { name: 'TourismIntensityRowConnection', fields: totalCountField },
        { name: 'TourismIntensityRowEdge' },
      ),
    }),
  });

/** The whole ranking of one year, computed once per release. */
function rankingOf(ctx: GraphQLContext, year: number): Promise<RankedRow[]> {
  return perRelease(ctx.snapshot, `tourism-intensity:${year}`, () => computeRanking(ctx, year));
}

async function computeRanking(ctx: GraphQLContext, year: number): Promise<RankedRow[]> {
  const period = String(year);
  const [countries, totals, indicators] = await Promise.all([
    ctx.prisma.country.findMany({ select: { iso: true, name: true } }),
    // Annual totals only: UN Tourism is the one publisher of annual arrivals and spend totals present.
    ctx.prisma.observation.findMany({
      where: { period, series: { breakdown: null, freq: 'A', measure: { in: ['arrivals', 'spend'] } } },
      select: { value: true, series: { select: { countryIso: true, measure: true, scale: true } } },
    }),
    ctx.prisma.indicator.findMany({
      where: { year, indicator: { in: ['SP.POP.TOTL', 'ST.INT.ARVL', 'ST.INT.RCPT.CD'] } },
      select: { countryIso: true, indicator: true, value: true },
    }),
  ]);
  const series = new Map<string, { value: number | null; scale: string | null }>();
  for (const o of totals) series.set(`${o.series.countryIso}|${o.series.measure}`, { value: o.value, scale: o.series.scale });
  const indicator = new Map(indicators.map((i) => [`${i.countryIso}|${i.indicator}`, i.value]));
  const arrivals = new Map<string, SourcedFigure | null>();
  const receipts = new Map<string, SourcedFigure | null>();
  const inputs = countries.map((c) => {
    arrivals.set(c.iso, pickFigure(series.get(`${c.iso}|arrivals`), bankCount(indicator.get(`${c.iso}|ST.INT.ARVL`))));
    receipts.set(c.iso, pickFigure(series.get(`${c.iso}|spend`), indicator.get(`${c.iso}|ST.INT.RCPT.CD`)));
    return {
      country: c.iso,
      name: c.name,
      arrivals: arrivals.get(c.iso)?.value ?? null,
      receiptsUsd: receipts.get(c.iso)?.value ?? null,
      population: indicator.get(`${c.iso}|SP.POP.TOTL`) ?? null,
    };
  });
  return tourismIntensity(inputs, year).map((row) => ({
    ...row,
    arrivalsSource: arrivals.get(row.country)!.source,
    receiptsSource: receipts.get(row.country)?.source ?? null,
  }));
}

builder.queryFields((t) => ({
  tourismIntensity: t.field({
    type: TourismIntensityType,
    description:
      'Countries ranked by international arrivals per resident for one year (default 2019), with receipts per resident.',
    authScopes: { analyst: true },
    args: { year: t.arg({ type: YearScalar, description: '2019 when absent.' }) },
    complexity: 5,
    resolve: async (_root, args, ctx) => {
      const year = args.year ?? 2019;
      const ranking = await rankingOf(ctx, year);
      return { year, ranked: ranking.length, sources: INTENSITY_SOURCES_NOTE, ranking };
    },
  }),
}));
