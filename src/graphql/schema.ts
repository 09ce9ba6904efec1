/** The assembled GraphQL schema: importing the type modules registers their fields on the builder. */
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder';
import { withoutSelectionsAbovePlan } from './plan-selections';
import { withSharedErrorsLocatedOnce } from './repeated-errors';
import { withTimeSlices } from './time-budget';
import './enums';
import './scalars';
import './types/country';
import './types/series';
import './types/reference';
import './types/measures';
import './types/series-info';
import './types/vintages';
import './types/quality';
import './types/releases';
import './types/bulk';
import './types/seasonality';
import './types/holiday-join';
import './types/tourism-intensity';
import './types/origin-shift';
import './types/stay-length';
import './types/regional-totals';
import './types/fuel';
import './types/economy';
import './types/rivals';
import './types/brief';
import './types/rate-limit';

/**
 * Its resolvers yield the event loop in slices and stop at the execution's time budget; an error
 * thrown at every item of a list is located once per path pattern; what the caller's plan cannot
 * read is not loaded.
 */
export const schema = withoutSelectionsAbovePlan(withTimeSlices(withSharedErrorsLocatedOnce(builder.toSchema())));

export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
