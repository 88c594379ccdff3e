// The webhook outbox's writes: a delivery row for each endpoint that asked for an event, written by the same
// statement or transaction as the change that causes it, so that no committed change goes untold.
import { playerNoticesOf, type GameEvent, type GameState } from '../engine';

/** An event to tell a player's endpoints of. */
export interface OutboxEvent {
  /** The owner of the endpoints. */
  readonly playerId: string;
  /** A WebhookEventType (the playerEvents types). */
  readonly type: string;
  readonly gameId: string | null;
  /** The game's version right after the change (null for events that are not game changes). */
  readonly gameVersion: number | null;
  readonly challengeId: string | null;
  readonly at: string;
}

/**
 * The rows to insert for `events` (a jsonb parameter of OutboxEvent-shaped records, cast by the caller), one
 * per enabled endpoint of the player that asked for the event's type. `from` joins a guard (the move's updated
 * row) so that nothing is written for a change that was not. The webhook-id is drawn here: one per event and
 * endpoint.
 */
export function outboxInsertSql(events: string, from: string | null): string {
  return `INSERT INTO webhook_deliveries (webhook_id, message_id, event_type, game_id, game_version, challenge_id,
            occurred_at, next_attempt_at)
     SELECT w.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), x.type, x.game, x.version, x.challenge,
            x.at, now()
       FROM ${from ? `${from}, ` : ''}jsonb_to_recordset(${events}) AS x(player uuid, type text, game uuid, version int,
            challenge uuid, at timestamptz)
       JOIN webhooks w ON w.owner_id = x.player AND w.enabled AND x.type = ANY(w.events)
     RETURNING 1`;
}

/** OutboxEvents as the jsonb records outboxInsertSql reads. */
export function outboxRecords(events: readonly OutboxEvent[]): string {
  return JSON.stringify(
    events.map((e) => ({
      player: e.playerId,
      type: e.type,
      game: e.gameId,
      version: e.gameVersion,
      challenge: e.challengeId,
      at: e.at,
    })),
  );
}

/** The outbox events of one move: what playerEvents tells of it (playerNoticesOf). */
export function moveOutboxEvents(
  gameId: string,
  events: readonly GameEvent[],
  states: readonly GameState[] | undefined,
  after: GameState,
): OutboxEvent[] {
  // The notices read a step's state for its seats only, which no move changes after its first event: the
  // final state stands for a step the engine did not keep.
  const steps = events.map((event, i) => ({ event, state: states?.[i] ?? after }));
  return playerNoticesOf(steps).map((n) => ({
    playerId: n.playerId,
    type: n.type,
    gameId,
    gameVersion: after.version,
    challengeId: null,
    at: n.at,
  }));
}

/** Who is told that deliveries were written (this process's worker), to send them at once. */
export class OutboxSignal {
  private readonly listeners = new Set<() => void>();

  on(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  written(): void {
    for (const l of this.listeners) l();
  }
}

/** The client a transaction writes through. */
export interface OutboxClient {
  query(text: string, values: unknown[]): Promise<{ rowCount: number | null }>;
}

/** Writes the deliveries of `events` in the caller's transaction; resolves to how many were written. */
export async function writeOutbox(client: OutboxClient, events: readonly OutboxEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const { rowCount } = await client.query(outboxInsertSql('$1::jsonb', null), [outboxRecords(events)]);
  return rowCount ?? 0;
}
