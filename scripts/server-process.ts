// The API server as a child process on a free port, started the same way for the tests and the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';

/** What the child node runs: a compiled server script, or code for `node -e` (the tests boot ts-node). */
export type ServerEntry = { readonly script: string } | { readonly eval: string };

export interface ServerProcessOptions {
  readonly entry: ServerEntry;
  readonly databaseUrl: string;
  /** REDIS_URL for the server; without it the server runs without Redis, whatever this process's env says. */
  readonly redisUrl?: string | null;
  /** Extra environment; it may override the defaults (PORT=0, RATE_LIMITS=off). */
  readonly env?: NodeJS.ProcessEnv;
  /** Options for the child's node itself (e.g. --cpu-prof), before the entry. */
  readonly nodeArgs?: readonly string[];
  readonly cwd?: string;
  readonly startTimeoutMs?: number;
  /**
   * `keep` (the default): what the process writes, standard output and error, is kept (the last 64 KB) for
   * failure messages. `drain`: once the server is ready its standard output (a log line a request) is read
   * and dropped, since keeping and scanning it would load a load generator more with every request; its
   * standard error goes to this process's.
   */
  readonly output?: 'keep' | 'drain';
}

export interface ServerProcess {
  readonly url: string;
  readonly wsUrl: string;
  readonly child: ChildProcess;
  /** Everything the process wrote, for failure messages (up to its readiness only with `output: 'drain'`). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
  /** Sends `signal` (unless it has ended already) and resolves once the process has ended. */
  kill(signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
  /** SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
  stop(graceMs?: number): Promise<number | NodeJS.Signals | null>;
}

const OUTPUT_KEPT = 65_536;
const READY = /Perudo API ready at (http:\/\/[^\s"]+)/;

const running = new Set<ChildProcess>();
let exitHook = false;

/** Last resort (a run that ends without stopping its servers): never leave a server behind. */
function killOnExit(child: ChildProcess): void {
  running.add(child);
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

/** Starts the server on a free port (PORT=0) and resolves once it has printed its URL. */
export async function spawnServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    PORT: '0',
    // Load generators and test clients all come from 127.0.0.1: the per-address limits would throttle them.
    RATE_LIMITS: 'off',
    ...options.env,
  };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  else delete env.REDIS_URL;
  const entry = 'script' in options.entry ? [options.entry.script] : ['-e', options.entry.eval];
  const drain = options.output === 'drain';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'pipe', drain ? 'inherit' : 'pipe'],
  });
  killOnExit(child);
  let output = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal);
    });
  });
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${startTimeoutMs} ms:\n${output}`)),
      startTimeoutMs,
    );
    let ready = false;
    const onData = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
      if (ready) return;
      const m = READY.exec(output);
      if (!m) return;
      ready = true;
      clearTimeout(timer);
      if (drain) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
      }
      resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT)));
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

/** Stops every given server, whatever happens to the others. */
export async function stopAll(servers: readonly (ServerProcess | undefined)[]): Promise<void> {
  await Promise.all(servers.map((s) => s?.stop().catch(() => undefined)));
}
