/** @type {import('jest').Config} */
// The tests that need no database (`npm run test:fast`): the engine, the bots and the other unit tests beside
// the code in src/. No PostgreSQL is started: tests that need one belong in test/.
/* global module, require */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/src'],
  globalSetup: undefined,
  globalTeardown: undefined,
};
