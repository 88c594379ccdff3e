// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const prettier = require('eslint-config-prettier');

module.exports = tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'packages/*/dist',
      // HTML API docs that `npm run docs -w @perudo/client` generates.
      'packages/client/docs-api',
      'coverage',
      '.data',
      'src/generated',
      'examples/web/src/gql',
      'examples/web/dist',
      'packages/*/dist',
      'packages/*/docs-api',
      'packages/client/src/gql',
      'eslint.config.js',
      'jest.config.js',
      'jest.browser.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': 'off',
    },
  },
  {
    // The client package's build scripts run as ES modules on Node.
    files: ['packages/client/scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' } },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@prisma/*',
            'pg',
            'graphql*',
            'type-graphql',
            'fs',
            'net',
            'http',
            '../store/*',
            '../graphql/*',
          ],
        },
      ],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'inject an Rng' }],
      'no-restricted-globals': ['error', 'Date', 'setTimeout', 'process'],
    },
  },
  {
    // The client package runs in browsers as well as Node: nothing of Node's own, nothing of the server.
    files: ['packages/client/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'node:*',
            'fs',
            'net',
            'http',
            'https',
            'crypto',
            'ws',
            'buffer',
            'stream',
            '**/src/*',
            '../../../src/*',
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    files: ['packages/*/scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
