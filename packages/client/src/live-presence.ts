// Who is connected and who is away at a game's seats, kept live: read once (and again after each gap, since
// gamePresence is not replayed), then moved by each change the server tells.
import { Emitter } from './emitter.js';
import type { PerudoError } from './errors.js';
import { GameSeatsPresenceDocument, GamePresenceDocument } from './gql/graphql.js';
import type { Stream } from './stream.js';
import type { ClientCore } from './client-core.js';

/** A seat's presence as last known. */
export interface SeatPresence {
  readonly seat: { readonly position: number };
  readonly connected: boolean;
  readonly away: boolean;
  /** When the server told the change (ISO-8601); null when it comes from a read of the game. */
  readonly at: string | null;
}

/** What a live presence tells its listeners. */
export interface LivePresenceEvents {
  /** A seat's presence changed (or was first read). */
  change: (presence: SeatPresence) => void;
  /** The presence stream ended for good (the game is no longer readable, the server unreachable). */
  error: (error: PerudoError) => void;
}

/** Who is connected and who is away at a game's seats (from {@link PerudoClient.presence}). */
export class LivePresence extends Emitter<LivePresenceEvents> {
  /** The presence of each seat, by position. */
  readonly seats = new Map<number, SeatPresence>();
  private readonly stream: Stream;
  /** Changes told per seat: a read started before a change must not overwrite it. */
  private readonly told = new Map<number, number>();
  private closed = false;

  /** @internal Made by {@link PerudoClient.presence}. */
  constructor(
    private readonly core: ClientCore,
    /** The game whose seats these are. */
    readonly gameId: string,
    options: { signal?: AbortSignal } = {},
  ) {
    super();
    this.stream = core.follow(GamePresenceDocument, 'gamePresence', {
      variables: () => ({ gameId }),
      next: ({ gamePresence }) => {
        const position = gamePresence.seat.position;
        this.told.set(position, (this.told.get(position) ?? 0) + 1);
        this.set({ ...gamePresence, seat: { position } });
      },
      resumed: () => void this.read(),
      failed: (error) => this.emit('error', error),
    });
    void this.read();
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** Ends the presence stream and removes every listener. */
  close(): void {
    this.closed = true;
    this.stream.close();
    this.removeAllListeners();
  }

  private async read(): Promise<void> {
    const before = new Map(this.told);
    let seats;
    try {
      seats = (
        await this.core.transport.execute(
          GameSeatsPresenceDocument,
          { id: this.gameId },
          { signal: this.core.signal },
        )
      ).game?.seats;
    } catch (error) {
      if (!this.closed) this.emit('error', error as PerudoError);
      return;
    }
    for (const seat of seats ?? []) {
      if ((this.told.get(seat.position) ?? 0) !== (before.get(seat.position) ?? 0)) continue;
      this.set({ seat: { position: seat.position }, connected: seat.connected, away: seat.away, at: null });
    }
  }

  private set(presence: SeatPresence): void {
    if (this.closed) return;
    const known = this.seats.get(presence.seat.position);
    if (
      known &&
      known.connected === presence.connected &&
      known.away === presence.away &&
      presence.at === null
    )
      return;
    this.seats.set(presence.seat.position, presence);
    this.emit('change', presence);
  }
}
