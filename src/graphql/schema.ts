/** The assembled GraphQL schema: importing the type modules registers their fields on the builder. */
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder';
import './enums';
import './scalars';
import './types/country';
import './types/series';
import './types/reference';
import './types/measures';
import './types/series-info';
import './types/vintages';
import './types/quality';
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

export const schema = builder.toSchema();

export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
