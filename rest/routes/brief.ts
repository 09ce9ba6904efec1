/** /v1/countries/{iso}/brief: the latest month in words and figures, checked against the figures. */
import { nullAbove } from '../route-run';
import { OUTLOOK_METHOD, OUTLOOK_METHOD_IN_WORDS } from '../../src/domain/forecast';
import { CountryBriefDocument } from '../../src/generated/operations';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';

export const briefRoutes = [
  defineRoute({
    path: '/v1/countries/{iso}/brief',
    summary: 'A short written brief of the latest month, checked against its figures, with a three-month outlook.',
    csv: false,
    operation: CountryBriefDocument,
    shape: (r, p) => {
      if (!r.country) throw nullAbove('country');
      const b = r.country.brief;
      if (!b) {
        return {
          meta: { next: null, note: r.country.briefNote },
          data: [],
        };
      }
      const { jetFuel, currency, growth } = b.context;
      return {
        meta: {
          next: null,
          outlook: `Three-month forecast with an 80% interval from its own past errors. ${OUTLOOK_METHOD}: ${OUTLOOK_METHOD_IN_WORDS}; seasonal_naive below two years of data.`,
          outlook_method: b.outlookMethod ?? null,
        },
        data: [
          {
            country: b.country,
            name: b.name,
            month: b.month,
            headline: b.headline,
            brief: b.brief,
            figures: snakeFields(b.figures),
            last_six: b.lastSix.map((m) => snakeFields(m)),
            outlook: b.outlook.map((o) => snakeFields(o)),
            context: { jet_fuel: jetFuel ? snakeFields(jetFuel) : null, currency: currency ? snakeFields(currency) : null, growth: growth ?? null },
            rivals: b.rivals.map((x) => snakeFields(x)),
            rival_for: b.rivalFor,
          },
        ],
      };
    },
  }),
];
