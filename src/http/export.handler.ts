// GET /export/games.ndjson: finished games as NDJSON, read and written one game at a time with back-pressure.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gameGlobalId, playerGlobalId } from '../graphql/ids';
import { toRuleSet } from '../graphql/mappers/rule-set.mapper';
import type { ExportedGame, ExportHead, GameExportQueries } from '../store/game-export.queries';
import { exportEndpoint, parseExportQuery, type ExportOptions } from './export-stream';

export {
  EXPORT_MAX_GAMES,
  EXPORT_PAGE_BYTES,
  EXPORT_PER_ADDRESS,
  EXPORT_STALL_MS,
  type ExportOptions,
} from './export-stream';

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

/** Serves the export; `reads` pages the store. */
export function exportHandler(
  reads: GameExportQueries,
  log: (message: unknown) => void,
  options: ExportOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return exportEndpoint(
    {
      parse: (url) => parseExportQuery(url),
      heads: (query, after, limit) => reads.heads(query.filter, after, limit),
      lines: async (_query, head: ExportHead) => {
        const [game] = await reads.games([head]);
        return exportLine(game!) + '\n';
      },
    },
    log,
    options,
  );
}
