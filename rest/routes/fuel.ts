/** /v1/fuel: monthly jet fuel and Brent crude prices with a 2019 index and year-on-year changes. */
import { FuelPricesDocument } from '../../src/generated/operations';
import { formatParam } from '../common-params';
import { defineRoute } from '../route';

export const fuelRoutes = [
  defineRoute({
    path: '/v1/fuel',
    summary: 'Jet fuel (per gallon and per litre) and Brent crude (per barrel) prices by month, indexed to 2019 = 100, with year-on-year changes.',
    plan: 'analyst',
    pathParams: [],
    query: [
      { name: 'from', kind: 'period', description: 'First month (YYYY, YYYY-MM or YYYY-Qn); 2015 when absent. History starts in 1990.' },
      { name: 'to', kind: 'period', description: 'Last month, inclusive; the last finished month when absent.' },
      formatParam,
    ],
    csv: 'rows',
    operation: FuelPricesDocument,
    variables: (p) => ({ from: p.from, to: p.to }),
    shape: (r) => ({
      meta: {
        units: { jet_fuel: r.fuel.units.jetFuel, crude: r.fuel.units.crude },
        index_base: r.fuel.indexBase,
        note: r.fuel.note,
      },
      data: r.fuel.months.map((m) => ({
        month: m.month,
        jet_fuel_usd_gallon: m.jetFuelUsdGallon ?? null,
        jet_fuel_usd_litre: m.jetFuelUsdLitre ?? null,
        jet_fuel_index: m.jetFuelIndex ?? null,
        jet_fuel_yoy_pct: m.jetFuelYoyPct ?? null,
        crude_usd_barrel: m.crudeUsdBarrel ?? null,
        crude_index: m.crudeIndex ?? null,
        crude_yoy_pct: m.crudeYoyPct ?? null,
      })),
    }),
  }),
];
