// The process's structured logger (pino): JSON lines, or pino-pretty's readable ones in development.
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  /** Where the JSON lines go (tests capture them); standard output by default. */
  readonly destination?: DestinationStream;
  /** pino's level name; LOG_LEVEL or `info` by default. */
  readonly level?: string;
  /** Human-readable lines through pino-pretty (a development dependency); JSON otherwise. */
  readonly pretty?: boolean;
  /** The file descriptor or path the buffered JSON lines are written to; standard output by default. */
  readonly to?: number | string;
}

/** A quiet server's buffered lines reach the output at most this late. */
export const LOG_FLUSH_MS = 1000;

/** pino's level numbers: warn and error lines are flushed at once, fatal ones written synchronously. */
const WARN = 40;
const FATAL = 60;

/**
 * Only what an operator needs, never a secret: the fields below are redacted wherever a caller puts them by
 * mistake (tokens, authorization headers, dice, query variables).
 */
const REDACT = [
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  'variables',
  '*.variables',
  'dice',
  '*.dice',
];

export function createLogger(options: LoggerOptions = {}): Logger {
  const base = {
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    base: { pid: process.pid },
    redact: { paths: REDACT, censor: '[redacted]' },
  };
  if (options.destination) return pino(base, options.destination);
  if (options.pretty && prettyAvailable()) {
    return pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true } } });
  }
  // Buffered, written asynchronously: a synchronous write(2) per request line cost the server about as much
  // CPU as the trivial request itself. But a line an operator needs must not wait for the buffer to fill:
  // warnings and errors are flushed at once, a fatal line is written before the process can die, and a
  // quiet server's lines go out within LOG_FLUSH_MS. The server flushes the rest when it stops.
  const destination = pino.destination({ dest: options.to ?? 1, sync: false, minLength: 4096 });
  let pending = false;
  const flusher = setInterval(() => {
    if (!pending) return;
    pending = false;
    destination.flush();
  }, LOG_FLUSH_MS);
  flusher.unref();
  return pino(
    {
      ...base,
      hooks: {
        logMethod(args, method, level) {
          method.apply(this, args);
          if (level >= FATAL) flushNow(destination);
          else if (level >= WARN) destination.flush();
          else pending = true;
        },
      },
    },
    destination,
  );
}

/** Pretty lines when asked (LOG_PRETTY=1), or in development on a terminal. */
export function wantsPrettyLogs(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.LOG_PRETTY !== undefined) return env.LOG_PRETTY === '1' || env.LOG_PRETTY === 'true';
  return env.NODE_ENV !== 'production' && process.stdout.isTTY === true;
}

function prettyAvailable(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** The `(message) => void` the server's parts log their warnings and errors with, on top of the logger. */
export function problemLog(logger: Logger): (message: unknown) => void {
  return (message) => {
    if (message instanceof Error) logger.error({ err: message }, message.message);
    else logger.warn(typeof message === 'string' ? message : { detail: message });
  };
}

/** Writes the buffered lines synchronously (a fatal line: the process may not live to write them later). */
function flushNow(destination: { flushSync(): void; flush(): void }): void {
  try {
    destination.flushSync();
  } catch {
    // Not open yet, or a write under way: the asynchronous flush takes them as soon as it can.
    destination.flush();
  }
}
