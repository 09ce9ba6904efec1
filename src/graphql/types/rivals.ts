/** Country.rivals: destinations competing for the same travellers, as the ingest stored them. */
import { builder } from '../builder';
import type { RivalEntry, SharedMarket } from '../../db/rival-table';
import { WORK_COST } from '../cost';

const SharedMarketType = builder.objectRef<SharedMarket>('SharedMarket').implement({
  description: 'An origin market both destinations draw on: a country code or a UN Tourism region of origin.',
  fields: (t) => ({ country: t.exposeString('country'), name: t.exposeString('name') }),
});

const RivalType = builder.objectRef<RivalEntry>('Rival').implement({
  description: 'A destination competing for the same travellers.',
  fields: (t) => ({
    country: t.exposeString('country'),
    name: t.exposeString('name'),
    rank: t.exposeInt('rank'),
    score: t.exposeFloat('score', { description: '0 to 100.' }),
    sharedMarkets: t.field({ type: [SharedMarketType], resolve: (r) => r.sharedMarkets }),
    basis: t.exposeString('basis', { description: 'What was compared, in words.' }),
  }),
});

builder.prismaObjectField('Country', 'rivals', (t) =>
  t.field({
    type: [RivalType],
    complexity: { field: WORK_COST.rivals, multiplier: 6 },
    description:
      'Up to six destinations competing for the same travellers: overlap of origin-market mixes (Σ of the smaller of the two shares), on countries of origin (Eurostat trips matrix, JNTO) over the markets both list in the newest year that yields rivals, else UN Tourism arrivals by region of origin in the latest year, else the season shape where origins are unknown.',
    authScopes: { developer: true },
    select: { iso: true },
    resolve: async (c, _args, ctx) => (await ctx.loaders.rivals.load(c.iso)).rivals,
  }),
);
