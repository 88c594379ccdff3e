// A pair's finished games: their seats in each, who placed above, and the rounds in which one cost the other a die.
import type { Pool } from 'pg';
import { finishingOrder } from '../engine';
import { listedToSql } from './game-reads.repository';
import { rarestFirst } from './shared-games.queries';

/** Which finished games of a pair count: of a preset, in a period (strict bounds), listed to a viewer. */
export interface PairFilter {
  readonly preset: string | null;
  readonly finishedAfter: Date | null;
  readonly finishedBefore: Date | null;
  readonly viewerId: string | null;
}

/** A finished game both players sat in: their seats, who placed above, and what each cost the other. */
export interface PairGame {
  readonly id: string;
  readonly finishedAt: Date;
  readonly seat: number;
  readonly opponentSeat: number;
  /** The player's place was better than the opponent's. */
  readonly placedAbove: boolean;
  /** Rounds with an outcome where the opponent lost a die as the player's call or challenged bid. */
  readonly diceTaken: number;
  readonly diceLost: number;
  /** Rounds with an outcome the game holds (what reading it cost). */
  readonly rounds: number;
}

interface PairRow {
  id: string;
  finished_at: Date;
  seat: number;
  opponent_seat: number;
  winner: number | null;
  standings: number[] | null;
  left_seq: number | null;
  opponent_left_seq: number | null;
  taken: number;
  lost: number;
  rounds: number;
}

/**
 * Whether the player placed above the opponent: the game's finishing order (engine/places.ts) of the two
 * seats, from its GAME_FINISHED event and the last time each of them left play.
 */
function placedAbove(r: PairRow): boolean {
  const left = [
    { seat: r.seat, seq: r.left_seq },
    { seat: r.opponent_seat, seq: r.opponent_left_seq },
  ]
    .filter((x): x is { seat: number; seq: number } => x.seq !== null)
    .sort((x, y) => x.seq - y.seq)
    .map((x) => x.seat);
  const order = finishingOrder(
    {
      type: 'GAME_FINISHED',
      winner: r.winner ?? -1,
      standings: r.standings ?? undefined,
      seq: 0,
      version: 0,
      at: '',
    },
    left,
  );
  const place = (seat: number): number => (order.includes(seat) ? order.indexOf(seat) : order.length);
  return place(r.seat) < place(r.opponent_seat);
}

/**
 * The finished games both players sat in, newest first by finishedAt (then id), with who placed above and
 * their dice counts: one statement, each game probed by index (the other's seat, its rounds with an outcome,
 * its GAME_FINISHED and PLAYER_ELIMINATED events, in one scan of the (game, type, seq) index).
 */
export async function pairGames(
  pool: Pool,
  playerId: string,
  opponentId: string,
  filter: PairFilter,
): Promise<PairGame[]> {
  const [rarest] = await rarestFirst(pool, [playerId, opponentId]);
  // The rarest player's seats drive the join; the other's seat is probed by (game, player).
  const drive = rarest!.playerId === playerId ? 'a' : 'b';
  const probe = drive === 'a' ? 'b' : 'a';
  const { rows } = await pool.query<PairRow>(
    `SELECT g.id::text AS id, g.finished_at, a.position AS seat, b.position AS opponent_seat,
            (l.finished ->> 'winner')::int AS winner, l.finished -> 'standings' AS standings,
            l.left_seq, l.opponent_left_seq, d.taken, d.lost, d.rounds
       FROM seats ${drive}
       JOIN seats ${probe} ON ${probe}.game_id = ${drive}.game_id AND ${probe}.player_id = $${drive === 'a' ? 2 : 1}::uuid
       JOIN games g ON g.id = ${drive}.game_id
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE r.loser_position = b.position
                                   AND (r.caller_position = a.position OR r.bidder_position = a.position))::int AS taken,
                count(*) FILTER (WHERE r.loser_position = a.position
                                   AND (r.caller_position = b.position OR r.bidder_position = b.position))::int AS lost,
                count(*)::int AS rounds
           FROM rounds r WHERE r.game_id = g.id AND r.outcome_kind IS NOT NULL) d
       CROSS JOIN LATERAL (
         SELECT (array_agg(e.payload ORDER BY e.seq DESC) FILTER (WHERE e.type = 'GAME_FINISHED'))[1] AS finished,
                max(e.seq) FILTER (WHERE e.type = 'PLAYER_ELIMINATED'
                                     AND (e.payload ->> 'seat')::int = a.position) AS left_seq,
                max(e.seq) FILTER (WHERE e.type = 'PLAYER_ELIMINATED'
                                     AND (e.payload ->> 'seat')::int = b.position) AS opponent_left_seq
           FROM game_events e
          WHERE e.game_id = g.id AND e.type IN ('GAME_FINISHED', 'PLAYER_ELIMINATED')) l
      WHERE ${drive}.player_id = $${drive === 'a' ? 1 : 2}::uuid
        AND g.status = 'FINISHED'
        AND ($3::text IS NULL OR g.preset = $3::text)
        AND ($4::timestamptz IS NULL OR g.finished_at > $4::timestamptz)
        AND ($5::timestamptz IS NULL OR g.finished_at < $5::timestamptz)
        AND ${listedToSql('$6::uuid')}
      ORDER BY g.finished_at DESC, g.id DESC`,
    [playerId, opponentId, filter.preset, filter.finishedAfter, filter.finishedBefore, filter.viewerId],
  );
  return rows.map((r) => ({
    id: r.id,
    finishedAt: r.finished_at,
    seat: r.seat,
    opponentSeat: r.opponent_seat,
    placedAbove: placedAbove(r),
    diceTaken: r.taken,
    diceLost: r.lost,
    rounds: r.rounds,
  }));
}
