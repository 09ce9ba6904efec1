/**
 * Typed documents for the fixed operations the REST layer runs. Generated from the checked-in SDL,
 * so a schema change that breaks an endpoint's operation or reshaping fails the type check.
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
  silent: true,
};

export default config;
