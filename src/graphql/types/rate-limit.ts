/** Query.rateLimit: where the caller stands against its plan's rate, as GitHub's and Shopify's APIs tell it. */
import type { RateDecision } from '../../auth/rate-limit';
import { builder } from '../builder';

const RateLimitType = builder.objectRef<RateDecision & { at: number }>('RateLimit').implement({
  description: "The caller's standing against its plan's requests per minute, this request counted.",
  fields: (t) => ({
    limit: t.exposeInt('limit', { description: 'Requests per minute the plan allows.' }),
    remaining: t.exposeInt('remaining', { description: 'Requests left in the current window.' }),
    resetAt: t.string({
      description: 'When the current window ends and the count starts again (ISO 8601, UTC).',
      resolve: (r) => new Date(r.at + r.resetSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    }),
  }),
});

builder.queryField('rateLimit', (t) =>
  t.field({
    type: RateLimitType,
    nullable: true,
    description: 'Where this key stands against its rate limit (null outside a keyed /graphql request).',
    // Differs on every request: an answer that holds it is never cached (src/graphql/result-cache.ts).
    resolve: (_root, _args, ctx) => {
      return ctx.rate ? { ...ctx.rate, at: Date.now() } : null;
    },
  }),
);
