// Presence: Seat.connected, the gamePresence subscription and the player's own stream (playerEvents).
import { Arg, Ctx, FieldResolver, ID, Resolver, Root, Subscription } from 'type-graphql';
import { keptOutOf, viewFor } from '../../engine';
import { GameNotFoundError } from '../../realtime/game-feed';
import type { PlayerEventItem } from '../../realtime/player-events';
import type { PresenceItem } from '../../presence/presence-feed';
import type { GraphQLContext } from '../context';
import { notFound, unauthenticated } from '../errors';
import { batchLoader, type Loader } from '../loaders';
import { toGame } from '../mappers/game.mapper';
import { PlayerEvent, PlayerEventType } from '../types/player-event.type';
import { Seat } from '../types/seat.type';
import { SeatPresence } from '../types/seat-presence.type';
import { gameKey } from '../validation';
import { spectatorsNotAllowed } from './spectators';
import { endWhen, onEnd } from './subscription.resolver';

/** Seat.connected for all the seats an operation asks for: one query per batch. */
const connectedLoaders = new WeakMap<GraphQLContext, Loader<string, boolean>>();

function connectedLoader(ctx: GraphQLContext): Loader<string, boolean> | null {
  const rows = ctx.services.presence?.rows;
  if (!rows) return null;
  let loader = connectedLoaders.get(ctx);
  if (!loader) {
    // Not cached: a subscription's context lives long, and presence changes.
    loader = batchLoader(
      async (keys: string[]) => {
        const pairs = keys.map((k) => {
          const [gameId, playerId] = k.split(':') as [string, string];
          return { gameId, playerId };
        });
        const connected = await rows.connectedPairs(pairs);
        return new Map(keys.map((k) => [k, connected.has(k)]));
      },
      { cache: false },
    );
    connectedLoaders.set(ctx, loader);
  }
  return loader;
}

function viewerOf(ctx: GraphQLContext) {
  return ctx.viewer ? { playerId: ctx.viewer.id } : null;
}

@Resolver(() => Seat)
export class SeatPresenceResolver {
  @FieldResolver(() => Boolean, {
    description:
      "Whether the seat's player has a live gameEvents subscription to this game or a live playerEvents subscription, on any API process (a socket that stops answering pings is dropped within the keep-alive window); bots: always true.",
  })
  async connected(@Root() seat: Seat, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    if (seat.isBot) return true;
    const loader = connectedLoader(ctx);
    return loader ? (await loader.load(`${seat.gameId}:${seat.playerId}`)) === true : false;
  }
}

@Resolver(() => SeatPresence)
export class PresenceResolver {
  @Subscription(() => SeatPresence, {
    description:
      "Each change of a seat's connected or away in the game, across processes (not logged, not replayed): changes of one seat are coalesced (at most one a second), and the last one sent always matches the seat. Readable by whoever may read the game.",
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphQLContext;
      const { gameId } = args as { gameId: string };
      const key = gameKey(gameId);
      const presence = ctx.services.presence;
      const state = await ctx.services.gameReads.load(key);
      if (!state || !presence) throw notFound(`game ${gameId}`);
      const viewerId = ctx.viewer?.id ?? null;
      if (keptOutOf(state, viewerId, 'game')) throw spectatorsNotAllowed();
      try {
        // The game's live events give the seats and their away changes; a game closed to spectators ends
        // the stream of a viewer without a seat once it starts.
        const events = endWhen(await ctx.services.feeds.subscribe(key, null), (item) =>
          keptOutOf(item.state, viewerId, 'game') ? spectatorsNotAllowed() : null,
        );
        return await presence.follow(key, state, events);
      } catch (error) {
        if (error instanceof GameNotFoundError) throw notFound(`game ${gameId}`);
        throw error;
      }
    },
  })
  gamePresence(
    @Root() item: PresenceItem,
    @Ctx() ctx: GraphQLContext,
    @Arg('gameId', () => ID, { description: 'The game whose seats to follow.' }) _gameId: string,
  ): SeatPresence {
    const game = toGame(item.gameId, viewFor(item.state, viewerOf(ctx)));
    return Object.assign(new SeatPresence(), {
      seat: game.seats[item.position]!,
      connected: item.connected,
      away: item.away,
      at: item.at,
    });
  }

  @Subscription(() => PlayerEvent, {
    description:
      "What concerns the viewer in any game, across processes, each once: YOUR_TURN when a turn of the viewer's begins, GAME_STARTED and GAME_FINISHED of the games they are seated in, REMATCH_CREATED, SEAT_AWAY, KICKED and NUDGED, and the CHALLENGE_* events of the viewer's challenges. Authenticated players only; while it lasts the viewer's seats count as connected.",
    subscribe: ({ context }) => {
      const ctx = context as GraphQLContext;
      const { presence, playerEvents } = ctx.services;
      if (!ctx.viewer) throw unauthenticated();
      if (!presence || !playerEvents) throw new Error('playerEvents needs the presence services');
      const stream = playerEvents.subscribe(ctx.viewer.id);
      const release = presence.tracker.track(ctx.viewer.id);
      return onEnd(stream, release);
    },
  })
  playerEvents(@Root() item: PlayerEventItem, @Ctx() ctx: GraphQLContext): PlayerEvent {
    return Object.assign(new PlayerEvent(), {
      type: PlayerEventType[item.type],
      game: toGame(item.gameId, viewFor(item.state, viewerOf(ctx))),
      at: item.at,
      challengeId: item.challengeId ?? null,
    });
  }
}
