/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/test/support/node-environment.js',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // The browser tests need Chromium: `npm run test:browser` runs them (jest.browser.config.js).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/browser/'],
  // Jest runs CommonJS: compile dynamic import() to require() (the `node16` module setting keeps it as is).
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { tsconfig: { module: 'commonjs', moduleResolution: 'node' }, isolatedModules: true },
    ],
  },
  // Sources written for `node16` import relative modules as './x.js' (the generated Prisma client does).
  moduleNameMapper: {
    '^@perudo/client$': '<rootDir>/packages/client/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFiles: ['reflect-metadata'],
  testTimeout: 60000,
  // In CI a failed test that leaves a server running must end the run red, not hold it until the job's limit.
  forceExit: process.env.CI === 'true',
  // One PostgreSQL server and migrated template database per run; see test/support/test-database.ts.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};
