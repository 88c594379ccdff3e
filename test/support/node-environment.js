// Jest's Node environment, plus the globals Node 22 has and jest-environment-node does not copy into a test's
// context (WebSocket): @perudo/client uses them as a browser would.
/* global require, module */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TestEnvironment } = require('jest-environment-node');

class NodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    if (!this.global.WebSocket) this.global.WebSocket = globalThis.WebSocket;
  }
}

module.exports = NodeEnvironment;
