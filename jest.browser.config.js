/** @type {import('jest').Config} */
// The browser tests: the reference web client driven in Chromium against a real server (`npm run test:browser`).
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/test/browser'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 180000,
};
