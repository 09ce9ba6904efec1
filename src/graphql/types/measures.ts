/**
 * Measures by country: the series a country publishes for a measure (headline by default, or the
 * total of a given frequency), spend converted at period reference rates, and nights by region.
 */
import { perRelease } from '../../db/data-store';
import { CONVERSION_METHOD, convertObservations, type PeriodRates } from '../../domain/conversion';
import { readCurrencyRates } from '../../db/brief';
import { invalidParameter, periodBounds } from '../args';
import { builder } from '../builder';
import { AggregationEnum, FrequencyEnum, MeasureEnum, UnitsEnum } from '../enums';
import { seriesTransform, TRANSFORM_ARG_NOTES } from '../transform-args';
import { applyUnits } from '../../domain/transform';
import { CurrencyCodeScalar, PeriodScalar } from '../scalars';
import type { GraphQLContext } from '../context';
import { ObservationProvenanceType, SeriesType } from './series';
import type { ObservationPoint } from '../loaders';
import { provenanceOf } from '../provenance-facts';
import { rowsWithin } from '../../domain/periods';
import { latestFinishedPeriod } from '../../domain/regional';
import { noFigureNote, noMeasureSeriesNote } from '../../domain/measure-notes';
import { ENGLISH_NAME_SELECTION, type SearchableSeries } from '../../db/search-index';

/** One currency's period-average rates, computed once per release. */
export function currencyRates(ctx: GraphQLContext, currency: string): Promise<PeriodRates | 'EUR' | null> {
  if (currency === 'EUR') return Promise.resolve('EUR');
  return perRelease(ctx.snapshot, `fx:${currency}`, () => readCurrencyRates(ctx.prisma, currency));
}

/**
 * Without a frequency, the headline series (HEADLINE_RULE: it may be a representative breakdown,
 * e.g. overnight visitors); with one, the publisher's total of that frequency.
 */
function measureSeriesFilter(freq: string | null | undefined): MeasureSeriesFilter {
  return freq ? { breakdown: null, freq } : { headline: true };
}

type MeasureSeriesFilter = { headline: true } | { breakdown: null; freq: string };

/** Whether a series row stored in memory is one the filter picks. */
function picks(rule: MeasureSeriesFilter, s: Pick<SearchableSeries, 'headline' | 'breakdown' | 'freq'>): boolean {
  return 'headline' in rule ? s.headline : s.breakdown === rule.breakdown && s.freq === rule.freq;
}

/** What `measureSeriesFilter` picks for a country and measure, as one key: `ES|arrivals|` (headline) or `ES|arrivals|M` (the monthly total). */
function measureSeriesKey(iso: string, measure: string, freq: string | null | undefined): string {
  return `${iso}|${measure}|${freq ?? ''}`;
}

/**
 * The keys of every country, measure and frequency for which `measureSeriesFilter` finds a series,
 * once per release: looking through a country's series on each ask, for every country's note in one
 * answer, was work repeated on every request.
 */
function measureSeriesExisting(ctx: GraphQLContext): Promise<ReadonlySet<string>> {
  return perRelease(ctx.snapshot, 'measure-series-existing', async () => {
    const existing = new Set<string>();
    for (const [iso, series] of ctx.snapshot.seriesByCountry) {
      for (const s of series) {
        // A series is picked without a frequency (the headline) or with its own (the total).
        for (const freq of [null, s.freq]) if (picks(measureSeriesFilter(freq), s)) existing.add(measureSeriesKey(iso, s.measure, freq));
      }
    }
    return existing;
  });
}

builder.prismaObjectField('Country', 'measureSeries', (t) =>
  t.field({
    type: SeriesType,
    nullable: true,
    authScopes: { developer: true },
    description:
      "The country's series for a measure: its headline series, or with `freq` its total series of that frequency.",
    args: { measure: t.arg({ type: MeasureEnum, required: true }), freq: t.arg({ type: FrequencyEnum }) },
    select: (args, _ctx, nestedSelection) => ({
      series: nestedSelection({
        where: { measure: args.measure, ...measureSeriesFilter(args.freq) },
        orderBy: [{ headline: 'desc' as const }, { alias: 'asc' as const }],
      }),
    }),
    resolve: (c) => c.series[0] ?? null,
  }),
);

builder.prismaObjectField('Country', 'measureNote', (t) =>
  t.string({
    nullable: true,
    authScopes: { developer: true },
    description: 'Why `measureSeries` (and the field named after the measure) is null for these arguments; null when a series is held.',
    args: { measure: t.arg({ type: MeasureEnum, required: true }), freq: t.arg({ type: FrequencyEnum }) },
    select: { name: true },
    resolve: async (c, args, ctx) => {
      const exists = (await measureSeriesExisting(ctx)).has(measureSeriesKey(c.iso, args.measure, args.freq));
      return exists ? null : noMeasureSeriesNote(args.measure, c.name, args.freq);
    },
  }),
);

builder.prismaObjectField('Series', 'windowNote', (t) =>
  t.string({
    nullable: true,
    authScopes: { developer: true },
    description: 'Why `observations(from, to)` holds no figure for this window: the span the series runs over. Null when it holds one, or when neither end is given.',
    args: { from: t.arg({ type: PeriodScalar }), to: t.arg({ type: PeriodScalar }) },
    select: { names: ENGLISH_NAME_SELECTION },
    resolve: async (s, args, ctx) => {
      if (args.from == null && args.to == null) return null;
      const { from, to } = periodBounds(args.from, args.to);
      const hasFigure = rowsWithin(await ctx.loaders.points(s.id), from, to).some((o) => o.value !== null);
      // The span is the series' (periods present); the note says when the plan does not see the window's figures yet.
      const hidden = !hasFigure && rowsWithin(await ctx.loaders.allObservations.load(s.id), from, to).some((o) => o.value !== null);
      return noFigureNote({ name: s.names[0]?.name ?? '', first: s.first, last: s.last }, args, hasFigure, hidden);
    },
  }),
);

for (const measure of ['arrivals', 'nights', 'spend', 'capacity'] as const) {
  builder.prismaObjectField('Country', measure, (t) =>
    t.field({
      type: SeriesType,
      nullable: true,
      description: `The country's ${measure} series: headline, or the total of the given frequency.`,
      authScopes: { developer: true },
      args: { freq: t.arg({ type: FrequencyEnum }) },
      select: (args, _ctx, nestedSelection) => ({
        series: nestedSelection({
          where: { measure, ...measureSeriesFilter(args.freq) },
          orderBy: [{ headline: 'desc' as const }, { alias: 'asc' as const }],
        }),
      }),
      resolve: (c) => c.series[0] ?? null,
    }),
  );
}

const ConvertedObservationType = builder
  .objectRef<{ period: string; value: number; rate: number }>('ConvertedObservation')
  .implement({
    fields: (t) => ({
      period: t.exposeString('period'),
      value: t.exposeFloat('value'),
      rate: t.exposeFloat('rate', { description: 'Units of the target currency per unit of the published currency.' }),
    }),
  });

const ConvertedSeriesType = builder
  .objectRef<{ currency: string; method: string; observations: { period: string; value: number; rate: number }[]; note: string | null }>(
    'ConvertedSeries',
  )
  .implement({
    description: 'A money series converted at each period’s reference rate.',
    fields: (t) => ({
      currency: t.exposeString('currency'),
      method: t.exposeString('method'),
      observations: t.field({ type: [ConvertedObservationType], resolve: (c) => c.observations }),
      note: t.exposeString('note', { nullable: true }),
    }),
  });

builder.prismaObjectField('Series', 'converted', (t) =>
  t.field({
    type: ConvertedSeriesType,
    nullable: true,
    description: 'The series in another currency; null when the series is not money or the currency has no reference rate.',
    authScopes: { developer: true },
    args: {
      currency: t.arg({ type: CurrencyCodeScalar, required: true }),
      from: t.arg({ type: PeriodScalar }),
      to: t.arg({ type: PeriodScalar }),
      units: t.arg({ type: UnitsEnum, description: `${TRANSFORM_ARG_NOTES.units} Computed from the converted figures; \`rate\` stays the one each period's level was converted at.` }),
      freq: t.arg({ type: FrequencyEnum, description: `${TRANSFORM_ARG_NOTES.freq} Aggregated in the published currency, then converted at the period's reference rate, as a series of that frequency is.` }),
      aggregation: t.arg({ type: AggregationEnum, description: TRANSFORM_ARG_NOTES.aggregation }),
    },
    select: { id: true, currency: true, scale: true },
    resolve: async (s, args, ctx) => {
      const target = args.currency.toUpperCase();
      if (!/^[A-Z]{3}$/.test(target)) throw invalidParameter(`"${args.currency}" is not an ISO 4217 code.`, 'currency');
      const { from, to } = periodBounds(args.from, args.to);
      const [targetRates, sourceRates] = await Promise.all([
        currencyRates(ctx, target),
        s.currency ? currencyRates(ctx, s.currency) : Promise.resolve(null),
      ]);
      if (!targetRates) throw invalidParameter(`No ECB reference rate is held for ${target}.`, 'currency');
      if (!s.currency || !sourceRates) return null;
      const aggregate = seriesTransform(s, { freq: args.freq, aggregation: args.aggregation });
      const units = args.units && args.units !== 'lin' ? args.units : null;
      const all = await ctx.loaders.observations.load(s.id);
      const levels = aggregate ? aggregate(all) : all;
      // Changes need the period before the window: the whole series is converted then.
      const rows = (units ? levels : rowsWithin(levels, from, to)).filter((o): o is typeof o & { value: number } => o.value !== null);
      const converted = convertObservations(rows, sourceRates, targetRates);
      const skipped = converted.skipped.filter((p) => !units || rowsWithin([{ period: p }], from, to).length > 0);
      let points = converted.points;
      if (units) {
        const rate = new Map(points.map((p) => [p.period, p.rate]));
        const changes = applyUnits(points.map((p) => ({ ...p, status: 'published', flags: '' })), units);
        points = rowsWithin(changes, from, to)
          .filter((p): p is typeof p & { value: number } => p.value !== null)
          .map((p) => ({ period: p.period, value: p.value, rate: rate.get(p.period)! }));
      }
      const note = skipped.length
        ? `${skipped.length} period(s) without an ECB reference rate (the ECB series start in 1999) are left out: ${skipped[0]}${skipped.length > 1 ? `…${skipped[skipped.length - 1]}` : ''}.`
        : null;
      return { currency: target, method: CONVERSION_METHOD, observations: points, note };
    },
  }),
);

/** A region's figure for the period, with the observation it is (for its provenance). */
interface RegionalValue {
  seriesId: string;
  code: string;
  name: string;
  unit: string;
  value: number;
  point: ObservationPoint;
}

const RegionalValueType = builder
  .objectRef<RegionalValue>('RegionalValue')
  .implement({
    fields: (t) => ({
      seriesId: t.exposeString('seriesId'),
      code: t.exposeString('code'),
      name: t.exposeString('name'),
      unit: t.exposeString('unit'),
      value: t.exposeFloat('value'),
      provenance: t.field({
        type: ObservationProvenanceType,
        nullable: true,
        description: "The figure's provenance, as Observation.provenance gives it.",
        resolve: (r, _args, ctx) => provenanceOf(ctx.snapshot, r.point),
      }),
    }),
  });

const RegionalBreakdownType = builder
  .objectRef<{ period: string | null; freq: string | null; measure: string; rows: RegionalValue[] }>(
    'RegionalBreakdown',
  )
  .implement({
    fields: (t) => ({
      measure: t.exposeString('measure'),
      period: t.exposeString('period', { nullable: true }),
      freq: t.exposeString('freq', { nullable: true }),
      rows: t.field({ type: [RegionalValueType], resolve: (r) => r.rows }),
    }),
  });

builder.prismaObjectField('Country', 'byRegion', (t) =>
  t.field({
    type: RegionalBreakdownType,
    description:
      "A measure for each NUTS 2 region of the country for one period (default: the latest finished period held).",
    authScopes: { developer: true },
    args: { measure: t.arg({ type: MeasureEnum, required: true }), period: t.arg({ type: PeriodScalar }) },
    select: (args) => ({
      series: {
        where: { measure: args.measure, breakdown: 'region' },
        select: { id: true, member: true, unit: true, freq: true, names: { where: { lang: 'en' }, select: { name: true } } },
        orderBy: { member: 'asc' as const },
      },
      regionUnits: { select: { code: true, level: true, labelEn: true, name: true } },
    }),
    resolve: async (c, args, ctx) => {
      const measure = args.measure;
      if (args.period) periodBounds(args.period, args.period);
      const levelOf = new Map(c.regionUnits.map((u) => [u.code.toLowerCase(), u]));
      // The country's own statistical regions: NUTS level 2 (four-character codes).
      const series = c.series.filter((s) => (levelOf.get(s.member ?? '')?.level ?? (s.member ?? '').length - 2) === 2);
      const observations = await Promise.all(series.map((s) => ctx.loaders.observations.load(s.id)));
      const period = args.period ?? latestFinishedPeriod(observations.flat(), ctx.now);
      const rows = series.flatMap((s, i) => {
        const o = observations[i].find((x) => x.period === period && x.value !== null);
        const unit = levelOf.get(s.member ?? '');
        return o
          ? [{ seriesId: s.id, code: (s.member ?? '').toUpperCase(), name: unit?.labelEn ?? unit?.name ?? s.names[0]?.name ?? '', unit: s.unit, value: o.value!, point: o }]
          : [];
      });
      return { measure, period: period ?? null, freq: series[0]?.freq ?? null, rows };
    },
  }),
);
