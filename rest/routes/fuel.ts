/** /v1/fuel: monthly jet fuel and Brent crude prices with a 2019 index and year-on-year changes. */
import { FuelPricesDocument } from '../../src/generated/operations';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';

export const fuelRoutes = [
  defineRoute({
    path: '/v1/fuel',
    summary: 'Jet fuel (per gallon and per litre) and Brent crude (per barrel) prices by month, indexed to 2019 = 100, with year-on-year changes.',
    params: {
      from: 'First month (YYYY, YYYY-MM or YYYY-Qn); 2015 when absent. History starts in 1990.',
      to: 'Last month, inclusive; the last finished month when absent.',
    },
    csv: 'rows',
    operation: FuelPricesDocument,
    shape: ({ fuel: { months, units, ...rest } }) => ({
      meta: Object.assign({ units: snakeFields(units) }, snakeFields(rest)),
      data: months.map((m) => snakeFields(m)),
    }),
  }),
];
