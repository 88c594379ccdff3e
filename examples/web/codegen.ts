// GraphQL Code Generator: the operations of src/ typed from the server's schema.graphql (client preset).
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: '../../schema.graphql',
  documents: ['src/**/*.ts', '!src/gql/**'],
  ignoreNoDocuments: false,
  generates: {
    'src/gql/': {
      preset: 'client',
      // Documents as typed strings: the page needs no GraphQL library to send them.
      config: {
        documentMode: 'string',
        useTypeImports: true,
        enumsAsTypes: true,
        // DateTime goes over the wire as an ISO-8601 string.
        scalars: { DateTime: 'string' },
      },
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;
