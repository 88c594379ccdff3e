// The subscriptions: a game's events and the lobby's changes.
import { Arg, Ctx, FieldResolver, ID, Int, Resolver, Root, Subscription } from 'type-graphql';
import { keptOutOf, listedTo, viewFor } from '../../engine';
import { spectatorsNotAllowed } from './spectators';
import { AfterSeqError, GameNotFoundError, type FeedItem } from '../../realtime/game-feed';
import type { LobbyItem } from '../../realtime/lobby-feed';
import type { GraphQLContext } from '../context';
import { badInput, notFound } from '../errors';
import { toGameEvent } from '../mappers/game-event.mapper';
import { toGame } from '../mappers/game.mapper';
import { toPlayer } from '../mappers/player.mapper';
import { Game } from '../types/game.type';
import { GameEvent } from '../types/game-event.type';
import { Player } from '../types/player.type';
import { gameKey, intInRange } from '../validation';

interface GameEventsArgs {
  gameId: string;
  afterSeq?: number | null;
}

/** The items of a stream that pass `keep`; ending the result ends the stream. */
function onlyListed<T>(stream: AsyncIterator<T>, keep: (item: T) => boolean): AsyncIterableIterator<T> {
  const filtered: AsyncIterableIterator<T> = {
    async next() {
      for (;;) {
        const r = await stream.next();
        if (r.done || keep(r.value)) return r;
      }
    },
    return: (value?: unknown) => stream.return?.(value) ?? Promise.resolve({ done: true, value: undefined }),
    [Symbol.asyncIterator]: () => filtered,
  };
  return filtered;
}

/** The stream until `ending` names an error for an item: it then ends with that error. */
export function endWhen<T>(
  stream: AsyncIterator<T>,
  ending: (item: T) => Error | null,
): AsyncIterableIterator<T> {
  const ended: AsyncIterableIterator<T> = {
    async next() {
      const r = await stream.next();
      if (r.done) return r;
      const error = ending(r.value);
      if (error) {
        await stream.return?.();
        throw error;
      }
      return r;
    },
    return: (value?: unknown) => stream.return?.(value) ?? Promise.resolve({ done: true, value: undefined }),
    [Symbol.asyncIterator]: () => ended,
  };
  return ended;
}

/** The stream, calling `ended` once when it ends in any way (completed, failed or closed). */
export function onEnd<T>(stream: AsyncIterableIterator<T>, ended: () => void): AsyncIterableIterator<T> {
  const watched: AsyncIterableIterator<T> = {
    async next() {
      try {
        const r = await stream.next();
        if (r.done) ended();
        return r;
      } catch (error) {
        ended();
        throw error;
      }
    },
    return: (value?: unknown) => {
      ended();
      return stream.return?.(value) ?? Promise.resolve({ done: true, value: undefined });
    },
    [Symbol.asyncIterator]: () => watched,
  };
  return watched;
}

function viewerOf(ctx: GraphQLContext) {
  return ctx.viewer ? { playerId: ctx.viewer.id } : null;
}

@Resolver(() => GameEvent)
export class SubscriptionResolver {
  @Subscription(() => GameEvent, {
    description:
      "A game's public events in seq order: first those after afterSeq from the log (0: the whole log), then live ones; omit afterSeq for only new events.",
    subscribe: async ({ args, context }) => {
      const { gameId, afterSeq } = args as GameEventsArgs;
      const ctx = context as GraphQLContext;
      const key = gameKey(gameId);
      const after = intInRange(afterSeq, 'afterSeq', 0, 2_000_000_000);
      try {
        const viewerId = ctx.viewer?.id ?? null;
        const now = await ctx.gameLoader.load(key);
        if (now && keptOutOf(now, viewerId, 'game')) throw spectatorsNotAllowed();
        // A replay is paid for by its length, so that one client's replays cannot take the process.
        if (now && after !== null) {
          const refused = ctx.chargeReplay?.(now.seq - after);
          if (refused) throw refused;
        }
        // A game closed to spectators ends a viewer's stream who holds no seat, from its start.
        const stream = endWhen(await ctx.services.feeds.subscribe(key, after), (item) =>
          keptOutOf(item.state, viewerId, 'game') ? spectatorsNotAllowed() : null,
        );
        // Counted among the game's followers while it lasts (seated players are left out when counting).
        const release = ctx.services.spectators?.follow(key, viewerId, ctx.socketKey);
        // The viewer's seat counts as connected while it lasts (presence, on every process).
        const away = viewerId ? ctx.services.presence?.tracker.track(viewerId, key) : undefined;
        return onEnd(stream, () => {
          release?.();
          away?.();
        });
      } catch (error) {
        if (error instanceof GameNotFoundError) throw notFound(`game ${gameId}`);
        if (error instanceof AfterSeqError) throw badInput(error.message, 'afterSeq');
        throw error;
      }
    },
  })
  gameEvents(
    @Root() item: FeedItem,
    @Ctx() ctx: GraphQLContext,
    @Arg('gameId', () => ID, { description: 'The game to follow.' }) _gameId: string,
    @Arg('afterSeq', () => Int, { nullable: true, description: 'Replay the events after this seq first.' })
    _afterSeq?: number | null,
  ): GameEvent {
    return toGameEvent(item, viewerOf(ctx));
  }

  @Subscription(() => Game, {
    description:
      'Each time a game in the lobby changes (created, joined, left, started or cancelled): the game now.',
    subscribe: ({ context }) => {
      const ctx = context as GraphQLContext;
      const viewerId = ctx.viewer?.id ?? null;
      // PRIVATE games reach only their seated players (listedTo).
      return onlyListed(ctx.services.lobby.subscribe(), (item) => listedTo(item.state, viewerId));
    },
  })
  lobbyEvents(@Root() item: LobbyItem, @Ctx() ctx: GraphQLContext): Game {
    return toGame(item.gameId, viewFor(item.state, viewerOf(ctx)));
  }

  @FieldResolver(() => Player, {
    nullable: true,
    description: 'The player who acted or was affected, if any.',
  })
  async player(@Root() event: GameEvent, @Ctx() ctx: GraphQLContext): Promise<Player | null> {
    if (!event.playerId) return null;
    const p = await ctx.playerLoader.load(event.playerId);
    return p ? toPlayer(p) : null;
  }
}
