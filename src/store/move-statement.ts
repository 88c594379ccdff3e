// The one SQL statement that records an accepted move, and when it rewrites the snapshot.
import {
  finishingOrder,
  isEliminated,
  isRated,
  pairDice,
  turnDeadline,
  type GameEvent,
  type GameState,
} from '../engine';
import { appendEventsSql, GAME_ROW_SNAPSHOT_EVERY, toEventRow } from './event-log';
import type { IdempotencyWrite } from './idempotency.repository';
import { outboxInsertSql, outboxRecords, type OutboxEvent } from './webhook-outbox';

function isoOrNull(epochMillis: number | null): string | null {
  return epochMillis === null ? null : new Date(epochMillis).toISOString();
}

/**
 * Whether a move rewrites the game's snapshot. Most moves are bids that add one event to a state of several
 * kilobytes, so the snapshot is rewritten only when the version crosses a multiple of GAME_ROW_SNAPSHOT_EVERY
 * or the status changes; a reader applies the few events after it. The rule depends only on the two states,
 * so every process follows it without knowing what is stored.
 */
export function snapshotDue(before: GameState | null, after: GameState): boolean {
  return (
    before === null ||
    before.status !== after.status ||
    Math.floor(before.version / GAME_ROW_SNAPSHOT_EVERY) !==
      Math.floor(after.version / GAME_ROW_SNAPSHOT_EVERY)
  );
}

export interface MoveWrite {
  readonly gameId: string;
  readonly before: GameState | null;
  readonly after: GameState;
  readonly events: readonly GameEvent[];
  /** The version the move was decided on: the write applies only if the game is still at it. */
  readonly expectedVersion: number;
  /** Seats are rewritten separately (lobby changes), so they are not updated here. */
  readonly seatsRewritten: boolean;
  readonly idempotency: IdempotencyWrite | null;
  /**
   * When the server is next due to move in the game by itself (epoch ms; see serverMoveDue); defaults to
   * the turn deadline.
   */
  readonly serverMoveAt?: number | null;
  /** The webhook deliveries the move causes, written with it (see webhook-outbox). */
  readonly outbox?: readonly OutboxEvent[];
}

/**
 * One SQL statement that records an accepted move: the game row (guarded by its version, with the snapshot
 * when it is due), the events, the relational history, the idempotency record and the webhook outbox. A single statement is a
 * transaction of its own, so a move costs one round trip; it returns one row exactly when it was applied.
 */
export function moveStatement(w: MoveWrite): { name: string; text: string; values: unknown[] } {
  const values: unknown[] = [];
  const param = (value: unknown, cast: string): string => {
    values.push(value);
    return `$${values.length}::${cast}`;
  };
  const { after } = w;
  const playerAt = (seat: number | null): string | null =>
    seat === null ? null : after.seats[seat]!.playerId;
  const gameId = param(w.gameId, 'uuid');
  const snapshot = snapshotDue(w.before, after)
    ? `state = ${param(JSON.stringify(after), 'jsonb')}, state_version = ${param(after.version, 'int')}, `
    : '';
  // A game may end unrated (every person away too long): the rating applier reads the column.
  const finishing = after.status === 'FINISHED' && w.before?.status !== 'FINISHED';
  const rated = finishing ? `rated = ${param(isRated(after), 'boolean')}, ` : '';
  const ctes: string[] = [
    `upd AS (UPDATE games SET ${snapshot}${rated}version = ${param(after.version, 'int')},
       status = ${param(after.status, '"GameStatus"')}, host_id = ${param(after.host, 'uuid')},
       winner_id = ${param(playerAt(after.winner), 'uuid')}, started_at = ${param(after.startedAt, 'timestamptz')},
       finished_at = ${param(after.finishedAt, 'timestamptz')}, turn_deadline = ${param(isoOrNull(w.serverMoveAt === undefined ? turnDeadline(after) : w.serverMoveAt), 'timestamptz')},
       updated_at = now()
     WHERE id = ${gameId} AND version = ${param(w.expectedVersion, 'int')} RETURNING id)`,
  ];
  ctes.push(`ev AS (${appendEventsSql('upd', param(JSON.stringify(w.events.map(toEventRow)), 'jsonb'))})`);

  const bids: object[] = [];
  const roundsNew: object[] = [];
  const roundsEnded: object[] = [];
  let roundNumber = w.before?.rounds.length ?? 0;
  for (const e of w.events) {
    if (e.type === 'ROUND_STARTED') {
      roundNumber = e.number;
      roundsNew.push({
        number: e.number,
        starter: e.starter,
        palifico: e.palificoSeat,
        dice: e.dice,
        at: e.at,
      });
    } else if (e.type === 'BID_PLACED') {
      bids.push({
        round: roundNumber,
        seq: e.seq,
        position: e.seat,
        quantity: e.quantity,
        face: e.face,
        at: e.at,
        by_bot: e.byBot ?? e.timedOut,
      });
    } else if (e.type === 'ROUND_ENDED') {
      const o = e.outcome;
      roundsEnded.push({
        number: e.number,
        at: e.at,
        voided: o === null,
        kind: o?.kind ?? null,
        caller: o?.caller ?? null,
        quantity: o?.bid.quantity ?? null,
        face: o?.bid.face ?? null,
        bidder: o?.bid.seat ?? null,
        count: o?.actualCount ?? null,
        loser: o?.loser ?? null,
        gainer: o?.gainer ?? null,
        by_bot: o?.byBot ?? false,
      });
    }
  }
  if (roundsEnded.length) {
    ctes.push(`re AS (UPDATE rounds r SET ended_at = x.at, voided = x.voided, outcome_kind = x.kind::"CallKind",
       caller_position = x.caller, bid_quantity = x.quantity, bid_face = x.face, bidder_position = x.bidder,
       actual_count = x.count, loser_position = x.loser, gainer_position = x.gainer, by_bot = x.by_bot
     FROM upd, jsonb_to_recordset(${param(JSON.stringify(roundsEnded), 'jsonb')}) AS x(number int, at timestamptz,
       voided boolean, kind text, caller int, quantity int, face int, bidder int, count int, loser int, gainer int,
       by_bot boolean)
     WHERE r.game_id = upd.id AND r.number = x.number)`);
  }
  if (roundsNew.length) {
    ctes.push(`rn AS (INSERT INTO rounds (game_id, number, starter_position, palifico_position, dice, started_at)
     SELECT upd.id, x.number, x.starter, x.palifico, x.dice, x.at FROM upd,
       jsonb_to_recordset(${param(JSON.stringify(roundsNew), 'jsonb')}) AS x(number int, starter int, palifico int, dice jsonb, at timestamptz))`);
  }
  if (bids.length) {
    ctes.push(`bi AS (INSERT INTO bids (game_id, round_number, seq, position, quantity, face, at, by_bot)
     SELECT upd.id, x.round, x.seq, x.position, x.quantity, x.face, x.at, x.by_bot FROM upd,
       jsonb_to_recordset(${param(JSON.stringify(bids), 'jsonb')}) AS x(round int, seq int, position int, quantity int, face int, at timestamptz, by_bot boolean))`);
  }
  if (!w.seatsRewritten) {
    const at = w.events[0]?.at ?? null;
    const seats = after.seats.flatMap((s, position) => {
      const b = w.before?.seats[position];
      if (
        b &&
        b.diceCount === s.diceCount &&
        b.hasBeenPalifico === s.hasBeenPalifico &&
        b.left === s.left &&
        (b.away === true) === (s.away === true)
      )
        return [];
      return [
        {
          position,
          dice: s.diceCount,
          eliminated: isEliminated(after, s),
          palifico: s.hasBeenPalifico,
          left_at: s.left && !b?.left ? at : null,
          away: s.away === true,
        },
      ];
    });
    if (seats.length) {
      ctes.push(`se AS (UPDATE seats s SET dice_count = x.dice, eliminated = x.eliminated, has_been_palifico = x.palifico,
         left_at = COALESCE(s.left_at, x.left_at), away = x.away
       FROM upd, jsonb_to_recordset(${param(JSON.stringify(seats), 'jsonb')}) AS x(position int, dice int,
         eliminated boolean, palifico boolean, left_at timestamptz, away boolean)
       WHERE s.game_id = upd.id AND s.position = x.position)`);
    }
  }
  if (finishing) ctes.push(`pr AS (${pairResultsSql(w, param)})`);
  if (w.idempotency) {
    const i = w.idempotency;
    ctes.push(`idem AS (INSERT INTO idempotency_records (player_id, key, operation, response)
     SELECT ${param(i.playerId, 'uuid')}, ${param(i.key, 'text')}, ${param(i.operation, 'text')},
       ${param(JSON.stringify(i.response), 'jsonb')} FROM upd)`);
  }
  if (w.outbox?.length) {
    ctes.push(`wh AS (${outboxInsertSql(param(outboxRecords(w.outbox), 'jsonb'), 'upd')})`);
  }
  // How many deliveries were written, so that this process's worker sends them at once.
  const result = w.outbox?.length
    ? 'SELECT (SELECT count(*) FROM wh)::int AS outbox FROM upd'
    : 'SELECT 0 AS outbox FROM upd';
  // The text depends only on which parts are present, so each shape is a named prepared statement: the
  // server parses it once per connection instead of once per move.
  const name = `move_${snapshot ? 's' : 'n'}${rated ? 'r' : ''}_${ctes.map((c) => c.slice(0, c.indexOf(' '))).join('_')}`;
  return { name, text: `WITH ${ctes.join(',\n')}\n${result}`, values };
}

/**
 * The finished game's results per ordered pair of seats (see the migration 20261128140000_game_pair_results):
 * the dice from the final state; the places by engine/places.ts finishingOrder, the head (standings or winner)
 * from this move's GAME_FINISHED, the others by their last PLAYER_ELIMINATED, latest first, among the stored
 * events and this move's (the stored ones were written by earlier statements, so they are visible here).
 */
function pairResultsSql(w: MoveWrite, param: (value: unknown, cast: string) => string): string {
  const { after } = w;
  const finished = w.events.find((e) => e.type === 'GAME_FINISHED');
  const head = finished ? finishingOrder(finished, []) : [after.winner ?? -1];
  const left = w.events.flatMap((e) =>
    e.type === 'PLAYER_ELIMINATED' ? [{ seat: e.seat, seq: e.seq }] : [],
  );
  const pairs = pairDice(after).map((p) => ({
    seat: p.seat,
    opponent_seat: p.opponentSeat,
    player: after.seats[p.seat]!.playerId,
    opponent: after.seats[p.opponentSeat]!.playerId,
    taken: p.taken,
    lost: p.lost,
  }));
  const headSeats = param(head, 'int[]');
  return `WITH lv AS (
       SELECT l.seat, max(l.seq) AS seq FROM (
         SELECT (e.payload ->> 'seat')::int AS seat, e.seq FROM game_events e, upd
          WHERE e.game_id = upd.id AND e.type = 'PLAYER_ELIMINATED'
         UNION ALL
         SELECT x.seat, x.seq FROM jsonb_to_recordset(${param(JSON.stringify(left), 'jsonb')}) AS x(seat int, seq int)) l
        WHERE NOT l.seat = ANY(${headSeats}) GROUP BY l.seat),
     lr AS (SELECT seat, row_number() OVER (ORDER BY seq DESC) AS r FROM lv),
     pl AS (SELECT s.seat, COALESCE(array_position(${headSeats}, s.seat) - 1, cardinality(${headSeats}) + lr.r - 1,
                                    cardinality(${headSeats}) + (SELECT count(*) FROM lr)) AS place
              FROM generate_series(0, ${param(after.seats.length - 1, 'int')}) AS s(seat)
              LEFT JOIN lr ON lr.seat = s.seat)
     INSERT INTO game_pair_results (game_id, player_id, opponent_id, placed_above, dice_taken, dice_lost, preset,
                                    finished_at, listed)
     SELECT g.id, x.player, x.opponent, pa.place < pb.place, x.taken, x.lost, g.preset,
            ${param(after.finishedAt, 'timestamptz')},
            g.visibility = 'PUBLIC' AND (g.allow_spectators OR g.started_at IS NULL)
       FROM upd JOIN games g ON g.id = upd.id
      CROSS JOIN jsonb_to_recordset(${param(JSON.stringify(pairs), 'jsonb')})
            AS x(seat int, opponent_seat int, player uuid, opponent uuid, taken int, lost int)
       JOIN pl pa ON pa.seat = x.seat
       JOIN pl pb ON pb.seat = x.opponent_seat
     ON CONFLICT DO NOTHING`;
}
