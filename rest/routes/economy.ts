/** /v1/economy/{iso} and /v1/economy/{iso}/tourism: economy indicators and travel receipts beside them. */
import { nullAbove } from '../route-run';
import { CountryEconomyDocument, CountryTourismEconomyDocument } from '../../src/generated/operations';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';

export const economyRoutes = [
  defineRoute({
    path: '/v1/economy/{iso}',
    summary: 'Economy indicators by year, newest first: World Bank history, IMF projections flagged.',
    params: {
      from: 'First year (YYYY).',
    },
    csv: 'rows',
    operation: CountryEconomyDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      const { economy } = r.country;
      return {
        meta: { country: r.country.iso, name: r.country.name, note: economy.note },
        data: economy.years.map((y) => snakeFields(y)),
      };
    },
  }),
  defineRoute({
    path: '/v1/economy/{iso}/tourism',
    summary: 'Travel receipts and spending abroad by year beside the size of the economy, with arrivals summed over whole years.',
    csv: 'rows',
    operation: CountryTourismEconomyDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      const t = r.country.tourismEconomy;
      return {
        meta: {
          country: r.country.iso,
          name: r.country.name,
          latest_year: t.latestYear ?? null,
          quarters: t.quarters.map((q) => snakeFields(q)),
          note: t.note,
        },
        data: t.years.map((y) => snakeFields(y)),
      };
    },
  }),
];
