// The context of one GraphQL request: its viewer, the services and the per-request loaders.
import type { GameState } from '../engine';
import type { GameFeeds } from '../realtime/game-feed';
import type { LobbyFeed } from '../realtime/lobby-feed';
import type { FairnessRecords } from '../store/fairness.repository';
import type { GameMoves } from '../store/game-moves.repository';
import type { GameReads } from '../store/game-reads.repository';
import type { PlayerRecord, PlayerRepository } from '../store/player.repository';
import { BatchLoader } from './batch-loader';
import { createPlayerLoaders, type PlayerLoaders } from './player-loaders';

export interface Services {
  readonly players: PlayerRepository;
  readonly gameMoves: GameMoves;
  readonly gameReads: GameReads;
  readonly gameFairness: FairnessRecords;
  readonly feeds: GameFeeds;
  readonly lobby: LobbyFeed;
  /** Games (lobby or in play) a player may sit in at once. */
  readonly maxActiveGamesPerPlayer: number;
}

export interface GraphQLContext extends PlayerLoaders {
  /** The authenticated player, or null for anonymous clients. */
  readonly viewer: PlayerRecord | null;
  readonly services: Services;
  readonly playerLoader: BatchLoader<string, PlayerRecord>;
  readonly gameLoader: BatchLoader<string, GameState>;
}

export function createContext(services: Services, viewer: PlayerRecord | null): GraphQLContext {
  return {
    viewer,
    services,
    playerLoader: new BatchLoader(async (ids) => {
      const players = await services.players.findByIds(ids);
      return new Map(players.map((p) => [p.id, p]));
    }),
    gameLoader: new BatchLoader((ids) => services.gameReads.loadMany(ids)),
    ...createPlayerLoaders(services.players, services.gameReads),
  };
}
