/**
 * What a release computes once, computed when it is opened so that no first caller waits for it:
 * rivals and origin-shift carriers (a country's detail); the briefs of the monthly countries (of today: a server running past midnight works tomorrow's out when asked); the monthly
 * series' observations, each country's primary series and its releases (/v1/gaps, /v1/calendar); the
 * source tables' summaries (/v1/tables). Then, in the holiday worker's idle time, the monthly
 * countries' holidays of this year and the last (the holidays join's usual ask).
 *
 * The figures are computed on the event loop, in the same slices as answers and in arrival order:
 * requests that arrive meanwhile wait behind them (seconds at start on two cores), so the service
 * starts listening once those of its first release are computed (`figures`). The holidays are
 * computed in the worker, where an asked country-year goes first.
 */
import { execute, parse, type GraphQLSchema } from 'graphql';
import type { Snapshot } from '../db/data-store';
import type { GraphQLContext } from '../graphql/context';
import { countryFrequencies } from '../graphql/country-frequency';
import { warmHolidays } from '../graphql/holiday-rules';

const FIGURES = parse('{ countries(first: 1000) { nodes { statistics { name } briefAbsence } } gaps { country } tables(first: 1) { totalCount } }');

async function warmFigures(schema: GraphQLSchema, contextValue: GraphQLContext): Promise<void> {
  await execute({ schema, document: FIGURES, contextValue });
}

async function warmRecentHolidays(contextValue: GraphQLContext): Promise<void> {
  const { frequency } = await countryFrequencies(contextValue);
  const monthly = [...frequency].filter(([, freq]) => freq === 'M').map(([iso]) => iso);
  const year = contextValue.now.getUTCFullYear();
  await warmHolidays(monthly.flatMap((iso) => [year - 1, year].map((y) => ({ iso, year: y, names: 'english' as const }))));
}

/** The warm-up of each release switched to, and whether the one served has ended (/readyz). */
export class ReleaseWarmUp {
  /** Settles when the per-release figures of the last release switched to are computed. */
  figures: Promise<void> = Promise.resolve();
  /** Settles when its whole warm-up, recent holidays included, has ended. */
  warmed: Promise<void> = Promise.resolve();
  private done: Snapshot | null = null;

  /** `contextFor` gives the context a release's warm-up runs in; null: nothing is warmed. */
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly contextFor: ((snapshot: Snapshot) => GraphQLContext) | null,
    private readonly log: (line: string) => void,
  ) {}

  switched(snapshot: Snapshot): void {
    if (!this.contextFor) {
      this.done = snapshot;
      return;
    }
    const context = this.contextFor(snapshot);
    // A warm-up that fails leaves the figures to their first callers, who get the error if it holds.
    const failed = (err: Error) => this.log(`warm-up of release ${snapshot.dataVersion}: ${err.message}`);
    this.figures = warmFigures(this.schema, context).catch(failed);
    this.warmed = this.figures
      .then(() => warmRecentHolidays(context))
      .catch(failed)
      .finally(() => (this.done = snapshot));
  }

  isWarm(snapshot: Snapshot): boolean {
    return this.done === snapshot;
  }
}
