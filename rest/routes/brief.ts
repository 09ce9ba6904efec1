/** /v1/countries/{iso}/brief: the latest month in words and figures, checked against the figures. */
import { CountryBriefDocument } from '../../src/generated/operations';
import { defineRoute } from '../route';
import { unknownCountry } from './reference';
import { isoPathParam } from '../common-params';

export const briefRoutes = [
  defineRoute({
    path: '/v1/countries/{iso}/brief',
    summary: 'A short written brief of the latest month, checked against its figures, with a three-month outlook.',
    plan: 'analyst',
    pathParams: [isoPathParam],
    query: [],
    csv: false,
    operation: CountryBriefDocument,
    variables: (p) => ({ iso: p.iso as string }),
    shape: (r, p) => {
      if (!r.country) throw unknownCountry(p.iso);
      const b = r.country.brief;
      if (!b) {
        return {
          meta: { next: null, note: `No brief for ${r.country.name}: briefs are written for countries with a monthly series.` },
          data: [],
        };
      }
      const f = b.figures;
      return {
        meta: {
          next: null,
          outlook:
            'Three-month forecast with an 80% interval from its own past errors. srw_growth_recent_log: a seasonal random walk with damped growth on logs, fitted with recent months weighted most; seasonal_naive below two years of data.',
          outlook_method: b.outlookMethod ?? null,
        },
        data: [
          {
            country: b.country,
            name: b.name,
            month: b.month,
            headline: b.headline,
            brief: b.brief,
            figures: {
              value: f.value,
              yoy_pct: f.yoyPct ?? null,
              vs_2019_pct: f.vs2019Pct ?? null,
              ytd_yoy_pct: f.ytdYoyPct ?? null,
              region_rank: f.regionRank ?? null,
              trust: f.trust ?? null,
            },
            last_six: b.lastSix.map((m) => ({
              month: m.month,
              value: m.value ?? null,
              yoy_pct: m.yoyPct ?? null,
              vs_2019_pct: m.vs2019Pct ?? null,
              vs_3yr_avg_pct: m.vs3yrAvgPct ?? null,
            })),
            outlook: b.outlook.map((o) => ({ month: o.month, value: o.value, low: o.low, high: o.high, yoy_pct: o.yoyPct ?? null })),
            context: {
              jet_fuel: b.context.jetFuel
                ? { month: b.context.jetFuel.month, usd_gallon: b.context.jetFuel.usdGallon, yoy_pct: b.context.jetFuel.yoyPct ?? null }
                : null,
              currency: b.context.currency
                ? { currency: b.context.currency.currency, per_eur: b.context.currency.perEur, yoy_pct: b.context.currency.yoyPct ?? null }
                : null,
              growth: b.context.growth ?? null,
            },
            rivals: b.rivals.map((x) => ({
              country: x.country,
              name: x.name,
              score: x.score,
              shared_markets: x.sharedMarkets,
              month: x.month ?? null,
              yoy_pct: x.yoyPct ?? null,
            })),
            rival_for: b.rivalFor,
          },
        ],
      };
    },
  }),
];
