/**
 * Typed documents for the fixed operations the REST layer runs. Generated from the checked-in SDL,
 * so a schema change that breaks an endpoint's operation or reshaping fails the type check; then the
 * JSON Schemas of the /v1 answers (rest/shape-schemas.ts).
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['schema/operations/*.graphql'],
  generates: {
    'src/generated/operations.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        avoidOptionals: false,
        skipTypename: true,
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { Period: 'string', Date: 'string' },
      },
    },
  },
  // The routes' answer schemas for /openapi.json are read from the shapes these types flow into.
  hooks: { afterAllFileWrite: ['node --import tsx rest/shape-schemas.ts'] },
  silent: true,
};

export default config;
