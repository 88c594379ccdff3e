// Who is connected and who is away at a game's seats, kept live from gamePresence (not replayed: the last
// change of each seat is what the server says it is now).
import { Emitter } from './emitter.js';
import type { PerudoError } from './errors.js';
import type { GamePresenceSubscription } from './gql/graphql.js';
import { GamePresenceDocument } from './gql/graphql.js';
import type { Stream } from './stream.js';
import type { ClientCore } from './client-core.js';

/** A seat's presence as last told. */
export type SeatPresence = GamePresenceSubscription['gamePresence'];

/** What a live presence tells its listeners. */
export interface LivePresenceEvents {
  /** A seat's presence changed. */
  change: (presence: SeatPresence) => void;
  /** The presence stream ended for good (the game is no longer readable, the server unreachable). */
  error: (error: PerudoError) => void;
}

/** Who is connected and who is away at a game's seats (from {@link PerudoClient.presence}). */
export class LivePresence extends Emitter<LivePresenceEvents> {
  /** The last presence told of each seat, by position. */
  readonly seats = new Map<number, SeatPresence>();
  private readonly stream: Stream;

  /** @internal Made by {@link PerudoClient.presence}. */
  constructor(
    core: ClientCore,
    /** The game whose seats these are. */
    readonly gameId: string,
    options: { signal?: AbortSignal } = {},
  ) {
    super();
    this.stream = core.follow(GamePresenceDocument, 'gamePresence', {
      variables: () => ({ gameId }),
      next: ({ gamePresence }) => {
        this.seats.set(gamePresence.seat.position, gamePresence);
        this.emit('change', gamePresence);
      },
      failed: (error) => this.emit('error', error),
    });
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** Ends the presence stream and removes every listener. */
  close(): void {
    this.stream.close();
    this.removeAllListeners();
  }
}
