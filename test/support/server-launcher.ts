// Starting the real server for a test: in this process (startApp) or as a child process (src/server.ts), on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startApp, type App, type AppOptions } from '../../src/app';

export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

export type InProcessOptions = Partial<Omit<AppOptions, 'databaseUrl'>>;

/** The server in this process on 127.0.0.1 and a free port, silent unless `options.log` is given. */
export function startServer(databaseUrl: string, options: InProcessOptions = {}): Promise<App> {
  return startApp({ databaseUrl, port: 0, host: '127.0.0.1', log: () => {}, ...options });
}

export interface ServerProcess {
  readonly url: string;
  readonly wsUrl: string;
  readonly child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
  /** Sends `signal` (unless it has ended already) and resolves once the process has ended. */
  kill(signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
  /** SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
  stop(graceMs?: number): Promise<number | NodeJS.Signals | null>;
}

const running = new Set<ChildProcess>();
let exitHook = false;

/** Last resort (a test run that ends without its afterAll): never leave a server behind. */
function killOnExit(child: ChildProcess): void {
  running.add(child);
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
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
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    PORT: '0',
    // Every test client comes from 127.0.0.1: the per-address limits would throttle a fast bot.
    RATE_LIMITS: 'off',
    ...options.env,
  };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  else delete env.REDIS_URL;
  const child = spawn(process.execPath, ['-e', tsBoot('./src/server.ts')], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  let output = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal);
    });
  });
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${startTimeoutMs} ms:\n${output}`)),
      startTimeoutMs,
    );
    let ready = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      // Kept for failure messages, the last 64 KB at most: the server logs a line a request.
      output = (output + chunk.toString()).slice(-65_536);
      if (ready) return;
      const m = /Perudo API ready at (http:\/\/[^\s"]+)/.exec(output);
      if (m) {
        ready = true;
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${String(code)}) before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });
  const ended = (): boolean => child.exitCode !== null || child.signalCode !== null;
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    child,
    output: () => output,
    exited,
    async kill(signal) {
      if (!ended()) child.kill(signal);
      return exited;
    },
    async stop(graceMs = 5_000) {
      if (ended()) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Stops every given server, whatever happens to the others (for afterAll). */
export async function stopAll(servers: readonly (ServerProcess | undefined)[]): Promise<void> {
  await Promise.all(servers.map((s) => s?.stop().catch(() => undefined)));
}
