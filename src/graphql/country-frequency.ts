/** Each country's frequency and monthly series (src/db/country-frequency.ts), once per release. */
import { countryFrequenciesOf, type CountryFrequencies } from '../db/country-frequency';
import { perRelease } from '../db/data-store';
import type { GraphQLContext } from './context';

export type { CountryFrequencies, MonthlySeriesRow } from '../db/country-frequency';

export function countryFrequencies(ctx: GraphQLContext): Promise<CountryFrequencies> {
  return perRelease(ctx.snapshot, 'country-frequencies', async () => countryFrequenciesOf(ctx.snapshot.series));
}
