/** The assembled GraphQL schema: importing the type modules registers their fields on the builder. */
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder';
import './types/country';
import './types/series';
import './types/reference';

export const schema = builder.toSchema();

export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
