import type { GameState } from '../engine';
import type { GameFeeds } from '../realtime/game-feed';
import type { LobbyFeed } from '../realtime/lobby-feed';
import type { GameRepository } from '../store/game.repository';
import type { PlayerRecord, PlayerRepository } from '../store/player.repository';
import { BatchLoader } from './batch-loader';
import { createPlayerLoaders, type PlayerLoaders } from './player-loaders';
import { unauthenticated } from './errors';

export interface Services {
  readonly players: PlayerRepository;
  readonly games: GameRepository;
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
  /**
   * Takes `tokens` more from the client's rate limits (an operation that runs several mutations pays for
   * each); returns 0 when allowed, else the seconds to wait. Absent where no limit applies.
   */
  readonly charge?: (tokens: number) => number;
}

export function createContext(
  services: Services,
  viewer: PlayerRecord | null,
  charge?: (tokens: number) => number,
): GraphQLContext {
  return {
    viewer,
    services,
    ...(charge ? { charge } : {}),
    playerLoader: new BatchLoader(async (ids) => {
      const players = await services.players.findByIds(ids);
      return new Map(players.map((p) => [p.id, p]));
    }),
    gameLoader: new BatchLoader((ids) => services.games.loadMany(ids)),
    ...createPlayerLoaders(services.players, services.games),
  };
}

/** The authenticated player, or an UNAUTHENTICATED error. */
export function requireViewer(ctx: GraphQLContext): PlayerRecord {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

/** Reads "Bearer <token>"; anything else is no token. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i.exec(header);
  return m ? m[1]! : null;
}
