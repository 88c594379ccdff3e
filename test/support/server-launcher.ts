// Starting the real server for a test: in this process (startApp) or as a child process (src/server.ts, started
// as the benchmarks start theirs: scripts/server-process.ts), on a free port.
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { startApp, type App, type AppOptions } from '../../src/app';
import { spawnServerProcess, type ServerProcess } from '../../scripts/server-process';

export { stopAll, type ServerProcess } from '../../scripts/server-process';

export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

export type InProcessOptions = Partial<Omit<AppOptions, 'databaseUrl'>>;

/** The server in this process on 127.0.0.1 and a free port, silent unless `options.log` is given. */
export function startServer(databaseUrl: string, options: InProcessOptions = {}): Promise<App> {
  return startApp({ databaseUrl, port: 0, host: '127.0.0.1', log: () => {}, ...options });
}

/** The `node -e` text that runs `file` (a project path) as `npm start` would run src/server.ts. */
export function tsBoot(file: string): string {
  // src/ is written for `node16` module resolution ('./x.js' names a .ts file), which ts-node maps only with
  // its experimental resolver.
  return `require('ts-node').register({ transpileOnly: true, experimentalResolver: true }); require(${JSON.stringify(file)});`;
}

export interface SpawnOptions {
  readonly databaseUrl: string;
  readonly redisUrl?: string;
  /** Extra environment (e.g. NODE_ENV); it may override the defaults (RATE_LIMITS=off). */
  readonly env?: NodeJS.ProcessEnv;
  readonly startTimeoutMs?: number;
}

/** Starts `src/server.ts` on a free port (PORT=0) and resolves once it has printed its URL. */
export function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  return spawnServerProcess({ ...options, entry: { eval: tsBoot('./src/server.ts') }, cwd: PROJECT_ROOT });
}

/** A port that is free now, for a server that must come back on it. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
