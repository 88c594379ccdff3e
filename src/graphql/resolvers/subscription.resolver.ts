// The subscriptions: a game's events and the lobby's changes.
import { Arg, Ctx, FieldResolver, ID, Int, Resolver, Root, Subscription } from 'type-graphql';
import { viewFor } from '../../engine';
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
        return await ctx.services.feeds.subscribe(key, after);
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
    subscribe: ({ context }) => (context as GraphQLContext).services.lobby.subscribe(),
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
