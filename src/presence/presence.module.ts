// Presence wired for one API process: its rows, the tracker of this process's live subscriptions and the
// gamePresence streams, all on one repository.
import type { GameState } from '../engine';
import type { ChangeBus } from '../realtime/change-bus';
import type { FeedItem } from '../realtime/game-feed';
import { PresenceStream } from './presence-feed';
import { PresenceRepository } from './presence.repository';
import { PresenceTracker } from './presence-tracker';

export interface PresenceOptions {
  /** The database pool (only the repository speaks SQL). */
  readonly pool: ConstructorParameters<typeof PresenceRepository>[0];
  readonly bus: Pick<ChangeBus, 'send' | 'onMessage' | 'onResync'>;
  readonly log: (message: unknown) => void;
}

/** Who is connected to which game, across processes (Seat.connected, gamePresence, the turn timer). */
export interface Presence {
  readonly rows: PresenceRepository;
  readonly tracker: PresenceTracker;
  /** A gamePresence stream of the game, from its seats in `state`, following the game's `events`. */
  follow(gameId: string, state: GameState, events: AsyncIterator<FeedItem>): Promise<PresenceStream>;
  /** Ends this process's connections (for everyone) once the heartbeat in flight has ended. */
  stop(): Promise<void>;
}

export function createPresence(options: PresenceOptions): Presence {
  const rows = new PresenceRepository(options.pool);
  const tracker = new PresenceTracker(rows, options.bus, options.log);
  return {
    rows,
    tracker,
    follow: (gameId, state, events) =>
      PresenceStream.open(
        gameId,
        state,
        events,
        (g, players) => rows.connectedOf(g, players),
        (listener) => tracker.onChange(listener),
        // A failed read is read again until the seat matches, so it is not worth a log line.
        () => {},
      ),
    stop: () => tracker.close(),
  };
}
