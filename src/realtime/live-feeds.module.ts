// The live streams of one API process wired on the change bus: each followed game, the lobby, each
// player's own stream and the spectator counts, stopped together.
import type { GameEvent } from '../engine';
import type { GameStore } from '../store/game-store';
import type { ChangeBus } from './change-bus';
import { GameFeeds, type CommittedMoves } from './game-feed';
import { LobbyFeed } from './lobby-feed';
import { PlayerEventFeed } from './player-events';
import { SpectatorCount } from './spectator-count';

export interface LiveFeedsOptions {
  readonly bus: ChangeBus;
  /** The moves this process commits, handed to its subscribers before the notice comes back. */
  readonly moves: CommittedMoves;
  readonly games: GameStore;
  readonly log: (message: unknown) => void;
  /** Told of each event handed out, with how many subscribers got it (metrics). */
  readonly fannedOut?: (event: GameEvent, subscribers: number) => void;
}

export interface LiveFeeds {
  /** gameEvents: each followed game, replayed from the log, then live. */
  readonly games: GameFeeds;
  /** lobbyEvents. */
  readonly lobby: LobbyFeed;
  /** playerEvents: what concerns each player in any game. */
  readonly playerEvents: PlayerEventFeed;
  /** Followers of each game across processes (Game.spectatorCount). */
  readonly spectators: SpectatorCount;
  /** Ends every stream once the checks in flight have ended. */
  stop(): Promise<void>;
}

export function createLiveFeeds(options: LiveFeedsOptions): LiveFeeds {
  const { bus, moves, games, log } = options;
  const eventLog = games.eventLog;
  const gameFeeds = new GameFeeds(bus, moves, games.reads, games.cache, games.feedChecks, log, {
    eventLog,
    ...(options.fannedOut && { fannedOut: options.fannedOut }),
  });
  const lobby = new LobbyFeed(bus, games.reads, games.feedChecks, log);
  const playerEvents = new PlayerEventFeed(
    bus,
    { events: (g, range) => games.reads.events(g, range), stateAt: (g, v) => eventLog.stateAt(g, v) },
    log,
  );
  const spectators = new SpectatorCount(bus, log);
  return {
    games: gameFeeds,
    lobby,
    playerEvents,
    spectators,
    async stop() {
      await lobby.close();
      await gameFeeds.close();
      await spectators.close();
      playerEvents.close();
    },
  };
}
