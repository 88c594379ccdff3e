// GET /export/games.ndjson: finished games as NDJSON, read and written one game at a time with back-pressure.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gameGlobalId, playerGlobalId, fromGlobalId } from '../graphql/ids';
import { toRuleSet } from '../graphql/mappers/rule-set.mapper';
import { RulePreset } from '../graphql/types/enums';
import { clientAddress } from '../gate/client-address';
import type { ExportFilter, ExportedGame, GameExportQueries } from '../store/game-export.queries';

const PRESETS: readonly string[] = Object.values(RulePreset);

/** The most games one export sends, and what it sends when `limit` is omitted. */
export const EXPORT_MAX_GAMES = 10_000;
/** Game rows (without their rounds) read at a time; each game's rounds are then read one game at a time. */
const PAGE = 200;
/** Exports running at once in this process; more are asked to retry (each holds a database connection a while). */
const MAX_CONCURRENT = 4;
/**
 * A response holds at most this many bytes, checked before each line is written (a line alone larger is the
 * only one of its response); `after` continues it.
 */
export const EXPORT_PAGE_BYTES = 8 * 1024 * 1024;
/** A reader that takes nothing for this long is cut off, freeing its slot (ms). */
export const EXPORT_STALL_MS = 30_000;
/** Exports one client address may run at once: four slow readers from one address cannot hold them all. */
export const EXPORT_PER_ADDRESS = 1;

export interface ExportOptions {
  /** Proxies in front of the API, to find the client address the slots are shared by. */
  readonly trustedProxies: number;
  readonly pageBytes?: number;
  readonly stallMs?: number;
}

class BadParameter extends Error {}

function parseTime(value: string | null, name: string): Date | null {
  if (value === null) return null;
  const date = new Date(value);
  if (!/^\d{4}-\d\d-\d\dT/.test(value) || Number.isNaN(date.getTime())) {
    throw new BadParameter(`${name} must be an ISO-8601 date-time such as 2026-01-31T12:00:00Z`);
  }
  return date;
}

function parseQuery(url: URL): { filter: ExportFilter; limit: number; after: string | null } {
  const known = new Set(['preset', 'playerId', 'finishedAfter', 'finishedBefore', 'limit', 'after']);
  for (const key of url.searchParams.keys()) {
    if (!known.has(key)) throw new BadParameter(`unknown parameter ${key}: use ${[...known].join(', ')}`);
  }
  const preset = url.searchParams.get('preset');
  if (preset !== null && !PRESETS.includes(preset)) {
    throw new BadParameter(`preset must be one of ${PRESETS.join(', ')}`);
  }
  const player = url.searchParams.get('playerId');
  let playerId: string | null = null;
  if (player !== null) {
    const decoded = fromGlobalId(player);
    if (!decoded || decoded.type !== 'Player') throw new BadParameter('playerId is not a player ID');
    playerId = decoded.playerId;
  }
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

/** One line of the export (the format is in API.md, "Export"). */
export function exportLine(game: ExportedGame): string {
  const playerAt = new Map(game.players.map((p) => [p.seat, p.id]));
  return JSON.stringify({
    id: gameGlobalId(game.id),
    name: game.name,
    rules: { ...toRuleSet(game.rules) },
    players: game.players.map((p) => ({ seat: p.seat, id: playerGlobalId(p.id), name: p.name })),
    createdAt: game.createdAt.toISOString(),
    startedAt: game.startedAt?.toISOString() ?? null,
    finishedAt: game.finishedAt.toISOString(),
    winner: game.winnerId ? playerGlobalId(game.winnerId) : null,
    places: game.places.map((seat) => playerGlobalId(playerAt.get(seat)!)),
    rounds: game.rounds.map((r) => ({
      number: r.number,
      starter: r.starter,
      palifico: r.palificoSeat !== null,
      palificoSeat: r.palificoSeat,
      hands: r.hands,
      bids: r.bids.map((b) => ({ seat: b.seat, quantity: b.quantity, face: b.face, at: b.at.toISOString() })),
      // The call is always on the round's last bid.
      outcome: r.outcome && {
        kind: r.outcome.kind,
        caller: r.outcome.caller,
        bid: r.bids.length - 1,
        actualCount: r.outcome.actualCount,
        loser: r.outcome.loser,
        gainer: r.outcome.gainer,
      },
    })),
    chat: game.chat.map((m) => ({
      seq: m.seq,
      author: playerGlobalId(m.authorId),
      seat: m.seat,
      text: m.text,
      emote: m.emote,
      at: m.at.toISOString(),
    })),
    // In place order: each rated player's rating before (null for their first counted game) and after.
    ratings: game.places
      .map((seat) => game.ratings.find((r) => r.playerId === playerAt.get(seat)))
      .filter((r) => r !== undefined)
      .map((r) => ({ player: playerGlobalId(r.playerId), before: r.before, after: r.after })),
  });
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

/** Serves the export; `reads` pages the store. */
export function exportHandler(
  reads: GameExportQueries,
  log: (message: unknown) => void,
  options: ExportOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const pageBytes = options.pageBytes ?? EXPORT_PAGE_BYTES;
  const stallMs = options.stallMs ?? EXPORT_STALL_MS;
  let running = 0;
  const byAddress = new Map<string, number>();
  return async (req, res) => {
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET', 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'the export is read with GET' }));
      return;
    }
    let query: ReturnType<typeof parseQuery>;
    try {
      query = parseQuery(new URL(req.url ?? '/', 'http://localhost'));
    } catch (error) {
      if (!(error instanceof BadParameter)) throw error;
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: error.message }));
      return;
    }
    const address = clientAddress(req, options.trustedProxies);
    const mine = byAddress.get(address) ?? 0;
    if (running >= MAX_CONCURRENT || mine >= EXPORT_PER_ADDRESS) {
      const error =
        running >= MAX_CONCURRENT
          ? `at most ${MAX_CONCURRENT} exports run at once: retry in 1 s`
          : `at most ${EXPORT_PER_ADDRESS} export runs at once per client address: retry in 1 s`;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ error }));
      return;
    }
    running++;
    byAddress.set(address, mine + 1);
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
        const heads = await reads.heads(query.filter, after, Math.min(PAGE, query.limit - sent));
        if (heads.length === 0) break;
        for (const head of heads) {
          if (closed) break;
          // One game in memory at a time: read it, write it, and read the next once the client took it.
          const [game] = await reads.games([head]);
          const line = exportLine(game!) + '\n';
          const size = Buffer.byteLength(line);
          // The bound is checked before a line is written: a line that alone passes it is its page's only one.
          full = bytes + size >= pageBytes;
          if (full && sent > 0 && bytes + size > pageBytes) break;
          bytes += size;
          sent++;
          after = head.id;
          if (!res.write(line) && !closed && !(await drainedOrClosed(res, stallMs))) {
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
      running--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left === 0) byAddress.delete(address);
      else byAddress.set(address, left);
    }
  };
}
