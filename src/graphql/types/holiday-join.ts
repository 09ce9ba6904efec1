/** Series.holidays: each period of a series joined with the public holidays that fall in it. */
import { holidaysInPeriod, yearOfPeriod, type HolidayDay } from '../../domain/holiday-join';
import { holidaysSupported } from '../../domain/holidays';
import { holidaysFor } from '../holiday-rules';
import { rowsWithin } from '../../domain/periods';
import { periodBounds } from '../args';
import { builder } from '../builder';
import { DateScalar, PeriodScalar } from '../scalars';
import { WORK_COST } from '../cost';

interface PeriodRow {
  period: string;
  value: number | null;
  holidays: number | null;
  holidayList: HolidayDay[];
}

const HolidayMarkType = builder.objectRef<HolidayDay>('HolidayMark').implement({
  fields: (t) => ({
    date: t.expose('date', { type: DateScalar }),
    name: t.exposeString('name', { description: 'English name.' }),
    national: t.exposeBoolean('national', { description: 'false for a holiday kept in some regions only.' }),
  }),
});

const PeriodHolidaysType = builder.objectRef<PeriodRow>('PeriodHolidays').implement({
  fields: (t) => ({
    period: t.exposeString('period'),
    value: t.exposeFloat('value', { nullable: true }),
    holidays: t.exposeInt('holidays', {
      nullable: true,
      description: 'Public holidays in the period, national and regional; null when no holiday rules are held for the country.',
    }),
    holidayList: t.field({ type: [HolidayMarkType], resolve: (p) => p.holidayList }),
  }),
});

const SeriesHolidaysType = builder
  .objectRef<{ country: string; rulesHeld: boolean; periods: PeriodRow[] }>('SeriesHolidays')
  .implement({
    description: 'A series with the public holidays of its country in each period (date-holidays rules).',
    fields: (t) => ({
      country: t.exposeString('country'),
      rulesHeld: t.exposeBoolean('rulesHeld', { description: 'Whether holiday rules are held for the country.' }),
      note: t.string({
        nullable: true,
        description: 'Why every period holds null holidays, in words; null when rules are held.',
        resolve: (h) => (h.rulesHeld ? null : `No public-holiday rules are held for ${h.country}; holidays is null.`),
      }),
      periods: t.field({ type: [PeriodHolidaysType], resolve: (h) => h.periods }),
    }),
  });

builder.prismaObjectField('Series', 'holidays', (t) =>
  t.field({
    type: SeriesHolidaysType,
    description: 'Each period within [from, to] with its public holidays: a month, quarter or year by the series frequency.',
    authScopes: { developer: true },
    complexity: WORK_COST.holidayJoin,
    args: { from: t.arg({ type: PeriodScalar }), to: t.arg({ type: PeriodScalar }) },
    select: { id: true, countryIso: true },
    resolve: async (s, args, ctx) => {
      const { from, to } = periodBounds(args.from, args.to);
      const observations = rowsWithin(await ctx.loaders.observations.load(s.id), from, to);
      const rulesExist = holidaysSupported(s.countryIso);
      const byYear = new Map<number, readonly HolidayDay[]>();
      if (rulesExist) {
        const years = [...new Set(observations.map((o) => yearOfPeriod(o.period)))];
        const days = await Promise.all(years.map((year) => holidaysFor(s.countryIso, year, 'english', ctx.budget?.signal)));
        years.forEach((year, i) => byYear.set(year, days[i]));
      }
      const periods = observations.map((o) => {
        if (!rulesExist) return { period: o.period, value: o.value, holidays: null, holidayList: [] };
        const joined = holidaysInPeriod(o.period, byYear.get(yearOfPeriod(o.period))!);
        return { period: o.period, value: o.value, holidays: joined.holidays, holidayList: joined.holidayList };
      });
      return { country: s.countryIso, rulesHeld: rulesExist, periods };
    },
  }),
);
