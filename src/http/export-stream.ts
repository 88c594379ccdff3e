// What the NDJSON exports share: their common parameters, their slots, and streaming finished games a page at
// a time with back-pressure, a byte bound per response and a cut-off for readers that take nothing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fromGlobalId } from '../graphql/ids';
import { RulePreset } from '../graphql/types/enums';
import { clientAddress } from '../gate/client-address';
import type { ExportFilter } from '../store/game-export.queries';

const PRESETS: readonly string[] = Object.values(RulePreset);

/** The most games one export sends, and what it sends when `limit` is omitted. */
export const EXPORT_MAX_GAMES = 10_000;
/** Game rows (without their rounds) read at a time; each game's rounds are then read one game at a time. */
const PAGE = 200;
/** Exports running at once in this process; more are asked to retry (each holds a database connection a while). */
const MAX_CONCURRENT = 4;
/**
 * A response holds at most this many bytes, checked before each game's lines are written (a game's lines
 * alone larger are the only ones of their response); `after` continues it.
 */
export const EXPORT_PAGE_BYTES = 8 * 1024 * 1024;
/** A reader that takes nothing for this long is cut off, freeing its slot (ms). */
export const EXPORT_STALL_MS = 30_000;
/** Exports one client address may run at once: four slow readers from one address cannot hold them all. */
export const EXPORT_PER_ADDRESS = 1;

/** The common parameters of every export. */
export const EXPORT_PARAMETERS: readonly string[] = [
  'preset',
  'playerId',
  'finishedAfter',
  'finishedBefore',
  'limit',
  'after',
];

export interface ExportOptions {
  /** Proxies in front of the API, to find the client address the slots are shared by. */
  readonly trustedProxies: number;
  readonly pageBytes?: number;
  readonly stallMs?: number;
  /** The slots this export shares with the others (one export per address, whichever it is). */
  readonly slots?: ExportSlots;
}

/** A parameter an export refuses: answered 400 with its message. */
export class BadParameter extends Error {}

/** The common parameters read from a request. */
export interface ExportQuery {
  readonly filter: ExportFilter;
  readonly limit: number;
  /** The game the previous page ended with (a database id). */
  readonly after: string | null;
}

function parseTime(value: string | null, name: string): Date | null {
  if (value === null) return null;
  const date = new Date(value);
  if (!/^\d{4}-\d\d-\d\dT/.test(value) || Number.isNaN(date.getTime())) {
    throw new BadParameter(`${name} must be an ISO-8601 date-time such as 2026-01-31T12:00:00Z`);
  }
  return date;
}

/** A player's database id from its global id in parameter `name`; null when absent. */
export function playerParameter(url: URL, name: string): string | null {
  const text = url.searchParams.get(name);
  if (text === null) return null;
  const decoded = fromGlobalId(text);
  if (!decoded || decoded.type !== 'Player') throw new BadParameter(`${name} is not a player ID`);
  return decoded.playerId;
}

/** The common parameters, any of `extra` besides; anything else is refused. */
export function parseExportQuery(url: URL, extra: readonly string[] = []): ExportQuery {
  const known = [...EXPORT_PARAMETERS, ...extra];
  for (const key of url.searchParams.keys()) {
    if (!known.includes(key)) throw new BadParameter(`unknown parameter ${key}: use ${known.join(', ')}`);
  }
  const preset = url.searchParams.get('preset');
  if (preset !== null && !PRESETS.includes(preset)) {
    throw new BadParameter(`preset must be one of ${PRESETS.join(', ')}`);
  }
  const playerId = playerParameter(url, 'playerId');
  const afterText = url.searchParams.get('after');
  let after: string | null = null;
  if (afterText !== null) {
    const decoded = fromGlobalId(afterText);
    if (!decoded || decoded.type !== 'Game') throw new BadParameter('after is not a game ID');
    after = decoded.gameId;
  }
  const limitText = url.searchParams.get('limit');
  const limit = limitText === null ? EXPORT_MAX_GAMES : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > EXPORT_MAX_GAMES || !/^\d+$/.test(limitText ?? '1')) {
    throw new BadParameter(`limit must be a whole number from 1 to ${EXPORT_MAX_GAMES}`);
  }
  return {
    filter: {
      preset,
      playerId,
      finishedAfter: parseTime(url.searchParams.get('finishedAfter'), 'finishedAfter'),
      finishedBefore: parseTime(url.searchParams.get('finishedBefore'), 'finishedBefore'),
    },
    limit,
    after,
  };
}

/** The exports running in this process, in all and per client address. */
export class ExportSlots {
  private running = 0;
  private readonly byAddress = new Map<string, number>();

  /** Takes a slot for `address`, or says why none is free. */
  take(address: string): string | null {
    if (this.running >= MAX_CONCURRENT) return `at most ${MAX_CONCURRENT} exports run at once: retry in 1 s`;
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= EXPORT_PER_ADDRESS)
      return `at most ${EXPORT_PER_ADDRESS} export runs at once per client address: retry in 1 s`;
    this.running++;
    this.byAddress.set(address, mine + 1);
    return null;
  }

  release(address: string): void {
    this.running--;
    const left = (this.byAddress.get(address) ?? 1) - 1;
    if (left === 0) this.byAddress.delete(address);
    else this.byAddress.set(address, left);
  }
}

/** What one export streams: pages of game heads, and each game's lines. */
export interface ExportSource<Q extends ExportQuery, H extends { readonly id: string }> {
  /** The request's parameters; throws BadParameter for one it refuses. */
  parse(url: URL): Q | Promise<Q>;
  /** Up to `limit` games after the game `after`, in the export's order. */
  heads(query: Q, after: string | null, limit: number): Promise<readonly H[]>;
  /** One game's lines, each ending with a newline (empty when it has none). */
  lines(query: Q, head: H): Promise<string>;
}

/** Resolves true once the response can take more or is gone, false when it took nothing for `stallMs`. */
function drainedOrClosed(res: ServerResponse, stallMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (progressed: boolean): void => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onDrain);
      resolve(progressed);
    };
    const onDrain = (): void => done(true);
    const timer = setTimeout(() => done(false), stallMs);
    res.on('drain', onDrain);
    res.on('close', onDrain);
  });
}

function sendError(res: ServerResponse, status: number, error: string, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ error }));
}

/** Serves an export of `source`: GET only, its parameters checked, a slot taken, its games streamed. */
export function exportEndpoint<Q extends ExportQuery, H extends { readonly id: string }>(
  source: ExportSource<Q, H>,
  log: (message: unknown) => void,
  options: ExportOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const pageBytes = options.pageBytes ?? EXPORT_PAGE_BYTES;
  const stallMs = options.stallMs ?? EXPORT_STALL_MS;
  const slots = options.slots ?? new ExportSlots();
  return async (req, res) => {
    if (req.method !== 'GET') {
      sendError(res, 405, 'the export is read with GET', { allow: 'GET' });
      return;
    }
    let query: Q;
    try {
      query = await source.parse(new URL(req.url ?? '/', 'http://localhost'));
    } catch (error) {
      if (!(error instanceof BadParameter)) throw error;
      sendError(res, 400, error.message);
      return;
    }
    const address = clientAddress(req, options.trustedProxies);
    const refused = slots.take(address);
    if (refused !== null) {
      sendError(res, 429, refused, { 'retry-after': '1' });
      return;
    }
    let closed = false;
    res.once('close', () => (closed = true));
    try {
      res.writeHead(200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-store',
        'x-export-page-bytes': String(pageBytes),
      });
      let sent = 0;
      let bytes = 0;
      let full = false;
      let after = query.after;
      while (sent < query.limit && !full && !closed) {
        const heads = await source.heads(query, after, Math.min(PAGE, query.limit - sent));
        if (heads.length === 0) break;
        for (const head of heads) {
          if (closed) break;
          // One game in memory at a time: read it, write it, and read the next once the client took it.
          const text = await source.lines(query, head);
          const size = Buffer.byteLength(text);
          // The bound is checked before a game is written: a game that alone passes it is its page's only one.
          full = bytes + size >= pageBytes;
          if (full && sent > 0 && bytes + size > pageBytes) break;
          bytes += size;
          sent++;
          after = head.id;
          if (size > 0 && !res.write(text) && !closed && !(await drainedOrClosed(res, stallMs))) {
            log(`export reader at ${address} took nothing for ${stallMs} ms: closed`);
            res.destroy();
            return;
          }
          if (full) break;
        }
      }
      res.end();
    } catch (error) {
      log(error);
      // Headers are sent: a cut stream (no final newline of a complete line) tells the client it failed.
      res.destroy();
    } finally {
      slots.release(address);
    }
  };
}
