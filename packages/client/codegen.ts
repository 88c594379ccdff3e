// GraphQL Code Generator: the package's operations (src/operations.graphql) typed from the server's
// schema.graphql, as TypedDocumentNode objects that Apollo Client, urql and graphql-request accept as they are.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: '../../schema.graphql',
  documents: ['src/operations.graphql'],
  generates: {
    'src/gql/graphql.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        // DateTime goes over the wire as an ISO-8601 string.
        scalars: { DateTime: 'string' },
        avoidOptionals: { field: true, inputValue: false, object: true },
        nonOptionalTypename: false,
        skipTypename: true,
      },
    },
  },
};

export default config;
