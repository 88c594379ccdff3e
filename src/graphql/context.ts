// The context of one GraphQL request: its viewer, the services and the per-request loaders.
import type { WebhooksService } from '../webhooks/webhooks.service';
import type { ArenaService } from '../arena/arena.service';
import type { GraphQLError } from 'graphql';
import type { GameState } from '../engine';
import type { ChatFeeds } from '../chat/chat-feed';
import type { ChatService } from '../chat/chat.service';
import type { BlocksService } from '../challenges/blocks.service';
import type { ChallengesService } from '../challenges/challenges.service';
import type { GameFeeds } from '../realtime/game-feed';
import type { LobbyFeed } from '../realtime/lobby-feed';
import type { PlayerEventFeed } from '../realtime/player-events';
import type { SpectatorCount } from '../realtime/spectator-count';
import type { Presence } from '../presence/presence.module';
import type { FairnessRecords } from '../store/fairness.repository';
import type { MoveService, TablesService } from '../moves';
import type { GameReads } from '../store/game-reads.repository';
import type { GameHistoryQueries } from '../store/game-history.queries';
import type { RatingChangeRecord, RatingReads } from '../ratings/rating-reads.repository';
import type { AccountsService } from '../accounts/accounts.service';
import type { AgentsService } from '../agents/agents.service';
import type { PlayerRecord, PlayerRepository } from '../store/player.repository';
import { batchLoader, type Loader } from './loaders';
import { createPlayerLoaders, type PlayerLoaders } from './player-loaders';

export interface Services {
  readonly players: PlayerRepository;
  readonly gameMoves: MoveService;
  /** Creating, joining, bots, quick play and rematches, held to the seat cap and invite-guess limit. */
  readonly tables: TablesService;
  /** Followers of each game across processes (Game.spectatorCount). */
  readonly spectators?: SpectatorCount;
  /** Who is connected to which game, across processes (Seat.connected, gamePresence, playerEvents). */
  readonly presence?: Omit<Presence, 'stop'>;
  /** What concerns each player in any game, across processes (playerEvents). */
  readonly playerEvents?: PlayerEventFeed;
  readonly gameReads: GameReads;
  readonly gameFairness: FairnessRecords;
  readonly history: GameHistoryQueries;
  readonly ratings: RatingReads;
  /** Registering, renaming and token rotation. */
  readonly accounts: AccountsService;
  /** People's agents: creating them, their tokens, names and retirement (absent in a process without them). */
  readonly agents?: AgentsService;
  readonly feeds: GameFeeds;
  readonly lobby: LobbyFeed;
  /** The table chat: sending, reading and muting, and its live feeds. */
  readonly chat: ChatService;
  readonly chatFeeds: ChatFeeds;
  /** Webhook endpoints and their deliveries (absent in a process without them). */
  readonly webhooks?: WebhooksService;
  /** Direct challenges: making, answering, cancelling and reading them. */
  readonly challenges: ChallengesService;
  /** Blocks and challenge policies. */
  readonly blocks: BlocksService;
  /** The arena's tables for agents (absent in a process without it). */
  readonly arena?: ArenaService;
  /** Told of every game mutation's outcome and the transport it came on (metrics). */
  readonly onMoveOutcome?: (operation: string, outcome: string, transport: 'http' | 'ws') => void;
}

export interface GraphQLContext extends PlayerLoaders {
  /** The authenticated player, or null for anonymous clients. */
  readonly viewer: PlayerRecord | null;
  readonly services: Services;
  readonly playerLoader: Loader<string, PlayerRecord>;
  readonly gameLoader: Loader<string, GameState>;
  /** Finished games' finishing orders (seats, place 1 first). */
  readonly placesLoader: Loader<string, number[]>;
  /** The rating changes each game made (empty for games that changed none). */
  readonly ratingChangesLoader: Loader<string, RatingChangeRecord[]>;
  /** Takes one registration from the client's quota: null, or the refusal to answer with. */
  readonly chargeRegistration: () => GraphQLError | null;
  /**
   * Set for an operation of a WebSocket: charges the replay of `events` from a log to the socket's client
   * (null, or the refusal to answer with).
   */
  readonly chargeReplay?: (events: number) => GraphQLError | null;
  /** Set for an operation of a WebSocket: the socket's own key (an anonymous socket counts once as a viewer). */
  socketKey?: string;
  /** The request's bearer token: the viewer's, or a token replaced by a keyed rotation (`retiredToken`). */
  readonly token: string | null;
  /** The token is one a rotation with an idempotency key replaced: only that rotation's retry may run. */
  readonly retiredToken: boolean;
}

/** The bearer token a request or socket authenticated with. */
export interface Credentials {
  readonly token: string | null;
  readonly retiredToken?: boolean;
}

export function createContext(
  services: Services,
  viewer: PlayerRecord | null,
  chargeRegistration: () => GraphQLError | null = () => null,
  credentials: Credentials = { token: null },
): GraphQLContext {
  return {
    viewer,
    services,
    chargeRegistration,
    token: credentials.token,
    retiredToken: credentials.retiredToken ?? false,
    playerLoader: batchLoader(async (ids) => {
      const players = await services.players.findByIds(ids);
      return new Map(players.map((p) => [p.id, p]));
    }),
    gameLoader: batchLoader((ids) => services.gameReads.loadMany(ids)),
    placesLoader: batchLoader((ids) => services.history.finishingOrders(ids)),
    ratingChangesLoader: batchLoader((ids) => services.ratings.changesOfGames(ids)),
    ...createPlayerLoaders(services.players, services.gameReads, services.ratings, viewer?.id ?? null),
  };
}
