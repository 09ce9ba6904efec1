/** One error type: a GraphQLError with a code of DECISIONS.md's table, found again through graphql-js's located errors. */
import { GraphQLError, GraphQLObjectType, GraphQLSchema, GraphQLString, execute, parse } from 'graphql';
import { expect, it } from 'vitest';
import { ApiError, ERROR_STATUS } from '../src/errors';

it('is a GraphQLError whose extensions carry the code and details, its status from the table', () => {
  const err = new ApiError('plan_required', 'x needs the analyst plan or above.', {}, { plan: 'analyst' });
  expect(err).toBeInstanceOf(GraphQLError);
  expect(err.extensions).toEqual({ code: 'plan_required', plan: 'analyst' });
  expect(err.status).toBe(ERROR_STATUS.plan_required);
  expect(new ApiError('rate_limited', 'slow down', { 'Retry-After': '3' }).headers).toEqual({ 'Retry-After': '3' });
});

it('is found again in the error graphql-js locates when a resolver throws it', async () => {
  const thrown = new ApiError('invalid_parameter', 'from is after to.', {}, { parameter: 'from' });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { a: { type: GraphQLString, resolve: () => { throw thrown; } } } }),
  });
  const result = await execute({ schema, document: parse('{ a }') });
  const [located] = result.errors ?? [];
  expect(located.path).toEqual(['a']);
  expect(located.extensions).toEqual({ code: 'invalid_parameter', parameter: 'from' });
  expect(ApiError.of(located)).toBe(thrown);
  expect(ApiError.of(new GraphQLError('plain'))).toBeUndefined();
});
