/** /v1/countries/{iso}/rivals: up to six destinations competing for the same travellers. */
import { nullAbove } from '../route-run';
import { CountryRivalsDocument } from '../../src/generated/operations';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';

export const rivalsRoutes = [
  defineRoute({
    path: '/v1/countries/{iso}/rivals',
    summary: 'Up to six destinations competing for the same travellers, by overlap of origin markets (or season shape where origins are unknown).',
    description:
      "Score 0–100: the overlap of the two origin-market mixes, the sum over markets of the smaller of the two shares (proportional similarity, 100 × (1 − Bray–Curtis dissimilarity)), home markets left out. " +
      "The richest origin data held for the country decides: countries of origin (Eurostat's trips of EU/EFTA residents by destination, or JNTO's arrivals by nationality by calendar year), compared over the markets both list (at least 10) in the newest year that yields rivals; " +
      "else UN Tourism's arrivals by the five regions of origin; else the season shape. `basis` names the data, the year and the number of markets compared.",
    csv: 'rows',
    operation: CountryRivalsDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      return {
        meta: { country: r.country.iso, name: r.country.name, next: null },
        // Spelled out after the scalars: the generated type lists the nested shared_markets last.
        data: r.country.rivals.map(({ sharedMarkets, basis, ...x }) => Object.assign(snakeFields(x), { shared_markets: sharedMarkets, basis })),
      };
    },
  }),
];
