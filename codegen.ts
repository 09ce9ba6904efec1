/**
 * Typed documents for the fixed operations the REST layer runs. Generated from the checked-in SDL,
 * so a schema change that breaks an endpoint's operation or reshaping fails the type check; then the
 * JSON Schemas of the /v1 answers (rest/shape-schemas.ts). The explorer's queries are typed the same
 * way, as plain strings for the browser.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

/** How both outputs are typed: optional fields as `?`, no __typename, enums as string unions. */
const TYPED = {
  avoidOptionals: false,
  skipTypename: true,
  enumsAsTypes: true,
  useTypeImports: true,
  // A variable's list is a list: REST passes arrays, the explorer too.
  arrayInputCoercion: false,
  scalars: { Period: 'string', Date: 'string', CountryCode: 'string', CurrencyCode: 'string', SeriesRef: 'string', Year: 'number' },
};

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  generates: {
    'src/generated/operations.ts': {
      documents: ['schema/operations/*.graphql'],
      plugins: ['typescript-operations', 'typed-document-node'],
      config: TYPED,
    },
    // The explorer's queries as typed strings: the browser bundle needs no GraphQL library to send them.
    'src/generated/explorer-operations.ts': {
      documents: ['src/explorer-ui/operations/*.graphql'],
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { ...TYPED, documentMode: 'string' },
    },
  },
  // The routes' answer schemas for /openapi.json are read from the shapes these types flow into.
  hooks: { afterAllFileWrite: ['node --import tsx rest/shape-schemas.ts'] },
  silent: true,
};

export default config;
