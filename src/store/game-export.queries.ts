// The export's reads: finished games in (finishedAt, id) order, a page at a time, with all their rounds.
import type { Pool } from 'pg';
import type { RuleSet } from '../engine';
import { CHAT_COLUMNS, type ChatRow } from './chat-columns';
import type { GameHistoryQueries } from './game-history.queries';

export interface ExportFilter {
  readonly preset: string | null;
  readonly playerId: string | null;
  readonly finishedAfter: Date | null;
  readonly finishedBefore: Date | null;
  /** Games this player held a seat in too (null or absent: any). */
  readonly agentId?: string | null;
  /** true: arena games only; false: none of them; null or absent: both. */
  readonly arena?: boolean | null;
  /**
   * Only games with a decision (a bid or a call) in them, by `agentId`'s seat when it is set: a page of the
   * decisions export then never holds a game without a line, so its last line names where `after` goes on.
   */
  readonly decided?: boolean;
}

export interface ExportedBid {
  readonly seat: number;
  readonly quantity: number;
  readonly face: number;
  readonly at: Date;
}

export interface ExportedRound {
  readonly number: number;
  readonly starter: number;
  readonly palificoSeat: number | null;
  readonly hands: number[][];
  readonly bids: ExportedBid[];
  readonly outcome: {
    readonly kind: 'DUDO' | 'EXACT';
    readonly caller: number;
    readonly bidder: number;
    readonly actualCount: number;
    readonly loser: number | null;
    readonly gainer: number | null;
  } | null;
}

export interface ExportedGame {
  readonly id: string;
  readonly name: string | null;
  readonly rules: RuleSet;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date;
  readonly winnerId: string | null;
  readonly players: { seat: number; id: string; name: string }[];
  /** Seats in finishing order. */
  readonly places: number[];
  readonly rounds: ExportedRound[];
  /** The table chat, oldest first, unmuted (the export has no viewer). */
  readonly chat: ExportedChatMessage[];
  /** The rating changes the game made, one per rated player (empty when it changed none). */
  readonly ratings: ExportedRatingChange[];
}

export interface ExportedRatingChange {
  readonly playerId: string;
  /** null for the player's first counted game of the preset. */
  readonly before: { readonly mu: number; readonly sigma: number; readonly games: number } | null;
  readonly after: { readonly mu: number; readonly sigma: number; readonly games: number };
}

export interface ExportedChatMessage {
  readonly seq: number;
  readonly authorId: string;
  /** The author's seat position when they sent it; null without one. */
  readonly seat: number | null;
  readonly text: string | null;
  readonly emote: string | null;
  readonly at: Date;
}

/** A game's own row, read a page at a time; its rounds are read one game at a time. */
export interface ExportHead {
  readonly id: string;
  readonly name: string | null;
  readonly rules: RuleSet;
  readonly created_at: Date;
  readonly started_at: Date | null;
  readonly finished_at: Date;
  readonly winner_id: string | null;
}

/** PRIVATE games are never exported, nor games closed to spectators (the export is anonymous). */
const EXPORTABLE = (t: string): string =>
  `${t}.status = 'FINISHED' AND ${t}.visibility = 'PUBLIC' AND ${t}.allow_spectators`;

export class GameExportQueries {
  constructor(
    private readonly pool: Pool,
    private readonly history: GameHistoryQueries,
  ) {}

  /**
   * Up to `limit` exportable games after the game `afterId` (none when it is not exportable), oldest first by
   * (finishedAt, id): only their own row, so a page of them is small whatever the games' length.
   */
  async heads(filter: ExportFilter, afterId: string | null, limit: number): Promise<ExportHead[]> {
    const { rows } = await this.pool.query<ExportHead>(
      `SELECT g.id::text AS id, g.name, g.rules, g.created_at, g.started_at, g.finished_at, g.winner_id::text AS winner_id
         FROM games g
        WHERE ${EXPORTABLE('g')}
          AND ($1::text IS NULL OR g.preset = $1)
          AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = $2))
          AND ($3::timestamptz IS NULL OR g.finished_at > $3)
          AND ($4::timestamptz IS NULL OR g.finished_at < $4)
          AND ($7::boolean IS NULL OR (g.arena_key IS NOT NULL) = $7)
          AND ($8::uuid IS NULL OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = $8))
          AND (NOT $9::boolean OR EXISTS (
                SELECT 1 FROM seats s WHERE s.game_id = g.id AND ($8::uuid IS NULL OR s.player_id = $8)
                   AND (EXISTS (SELECT 1 FROM bids b WHERE b.game_id = g.id AND b.position = s.position)
                        OR EXISTS (SELECT 1 FROM rounds r WHERE r.game_id = g.id AND r.caller_position = s.position))))
          -- The cursor is compared in the database, at its full (microsecond) precision.
          AND ($5::uuid IS NULL OR (g.finished_at, g.id) >
               (SELECT c.finished_at, c.id FROM games c WHERE c.id = $5 AND ${EXPORTABLE('c')}))
        ORDER BY g.finished_at, g.id
        LIMIT $6`,
      [
        filter.preset,
        filter.playerId,
        filter.finishedAfter,
        filter.finishedBefore,
        afterId,
        limit,
        filter.arena ?? null,
        filter.agentId ?? null,
        filter.decided === true,
      ],
    );
    return rows;
  }

  /**
   * One game's own row, exportable or not (a webhook tells a finished game to the players who played it,
   * private ones included); null when there is no such game.
   */
  async headOf(gameId: string): Promise<(ExportHead & { status: string }) | null> {
    const { rows } = await this.pool.query<ExportHead & { status: string }>(
      `SELECT g.id::text AS id, g.name, g.rules, g.created_at, g.started_at, g.finished_at,
              g.winner_id::text AS winner_id, g.status
         FROM games g WHERE g.id = $1`,
      [gameId],
    );
    return rows[0] ?? null;
  }

  /** The games of `heads` with all their rounds, bids, chat and ratings: six queries. */
  async games(heads: readonly ExportHead[]): Promise<ExportedGame[]> {
    const games = heads;
    if (games.length === 0) return [];
    const ids = games.map((g) => g.id);
    const [seats, rounds, bids, places, chat] = await Promise.all([
      this.pool.query<{ game_id: string; position: number; player_id: string; name: string }>(
        `SELECT s.game_id::text AS game_id, s.position, s.player_id::text AS player_id, p.name
           FROM seats s JOIN players p ON p.id = s.player_id
          WHERE s.game_id = ANY($1::uuid[]) ORDER BY s.game_id, s.position`,
        [ids],
      ),
      this.pool.query<{
        game_id: string;
        number: number;
        starter_position: number;
        palifico_position: number | null;
        dice: number[][];
        outcome_kind: 'DUDO' | 'EXACT' | null;
        caller_position: number | null;
        bidder_position: number | null;
        actual_count: number | null;
        loser_position: number | null;
        gainer_position: number | null;
      }>(
        `SELECT game_id::text AS game_id, number, starter_position, palifico_position, dice, outcome_kind,
                caller_position, bidder_position, actual_count, loser_position, gainer_position
           FROM rounds WHERE game_id = ANY($1::uuid[]) ORDER BY game_id, number`,
        [ids],
      ),
      this.pool.query<{
        game_id: string;
        round_number: number;
        position: number;
        quantity: number;
        face: number;
        at: Date;
      }>(
        `SELECT game_id::text AS game_id, round_number, position, quantity, face, at
           FROM bids WHERE game_id = ANY($1::uuid[]) ORDER BY game_id, seq`,
        [ids],
      ),
      this.history.finishingOrders(ids),
      this.pool.query<ChatRow>(
        `SELECT ${CHAT_COLUMNS} FROM chat_messages WHERE game_id = ANY($1::uuid[]) ORDER BY game_id, seq`,
        [ids],
      ),
    ]);
    const byGame = new Map(
      games.map((g) => [
        g.id,
        {
          id: g.id,
          name: g.name,
          rules: g.rules,
          createdAt: g.created_at,
          startedAt: g.started_at,
          finishedAt: g.finished_at,
          winnerId: g.winner_id,
          players: [] as ExportedGame['players'],
          places: places.get(g.id) ?? [],
          rounds: [] as ExportedRound[],
          chat: [] as ExportedChatMessage[],
          ratings: [] as ExportedRatingChange[],
        },
      ]),
    );
    for (const s of seats.rows)
      byGame.get(s.game_id)!.players.push({ seat: s.position, id: s.player_id, name: s.name });
    const roundIndex = new Map<string, ExportedRound>();
    for (const r of rounds.rows) {
      const round: ExportedRound = {
        number: r.number,
        starter: r.starter_position,
        palificoSeat: r.palifico_position,
        hands: r.dice,
        bids: [],
        outcome:
          r.outcome_kind === null
            ? null
            : {
                kind: r.outcome_kind,
                caller: r.caller_position!,
                bidder: r.bidder_position!,
                actualCount: r.actual_count!,
                loser: r.loser_position,
                gainer: r.gainer_position,
              },
      };
      byGame.get(r.game_id)!.rounds.push(round);
      roundIndex.set(`${r.game_id}:${r.number}`, round);
    }
    for (const b of bids.rows) {
      roundIndex.get(`${b.game_id}:${b.round_number}`)?.bids.push({
        seat: b.position,
        quantity: b.quantity,
        face: b.face,
        at: b.at,
      });
    }
    for (const m of chat.rows) {
      byGame.get(m.game_id)?.chat.push({
        seq: m.seq,
        authorId: m.author_id,
        seat: m.seat,
        text: m.text,
        emote: m.emote,
        at: m.at,
      });
    }
    const changes = await this.pool.query<{
      game_id: string;
      player_id: string;
      mu_before: number | null;
      sigma_before: number | null;
      games_before: number;
      mu_after: number;
      sigma_after: number;
    }>(
      `SELECT game_id::text AS game_id, player_id::text AS player_id, mu_before, sigma_before, games_before,
              mu_after, sigma_after
         FROM rating_changes WHERE game_id = ANY($1::uuid[])`,
      [ids],
    );
    for (const c of changes.rows) {
      byGame.get(c.game_id)?.ratings.push({
        playerId: c.player_id,
        before:
          c.mu_before === null || c.sigma_before === null
            ? null
            : { mu: c.mu_before, sigma: c.sigma_before, games: c.games_before },
        after: { mu: c.mu_after, sigma: c.sigma_after, games: c.games_before + 1 },
      });
    }
    return [...byGame.values()];
  }
}
