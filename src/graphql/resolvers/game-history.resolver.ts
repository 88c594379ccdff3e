// The history fields of a game: its event log as a query, and the finishing places.
import { Arg, Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import { LIMITS } from '../../engine';
import type { GraphQLContext } from '../context';
import { toGameEvent } from '../mappers/game-event.mapper';
import { toPlayer } from '../mappers/player.mapper';
import { databaseCost, listCost } from '../operation-costs';
import { Game } from '../types/game.type';
import { GameEvent } from '../types/game-event.type';
import { Place } from '../types/place.type';
import { intInRange } from '../validation';

/** Events a page of `Game.events` holds at most. */
export const MAX_EVENTS_PAGE = 500;

@Resolver(() => Game)
export class GameHistoryResolver {
  @FieldResolver(() => [GameEvent], {
    complexity: databaseCost(listCost(100)),
    description:
      'The log as a query: the events after afterSeq, oldest first, each as the viewer may see it (the same view as gameEvents: nobody sees the dice of an open round but their own).',
  })
  async events(
    @Root() game: Game,
    @Ctx() ctx: GraphQLContext,
    @Arg('afterSeq', () => Int, {
      nullable: true,
      defaultValue: 0,
      description: 'Only the events after this seq (0: from the start).',
    })
    afterSeq: number | null,
    @Arg('first', () => Int, {
      nullable: true,
      defaultValue: 100,
      description: `Page size, 0 to ${MAX_EVENTS_PAGE} (default 100).`,
    })
    first: number | null,
  ): Promise<GameEvent[]> {
    const after = intInRange(afterSeq, 'afterSeq', 0, 2_000_000_000) ?? 0;
    const size = intInRange(first, 'first', 0, MAX_EVENTS_PAGE) ?? 100;
    const viewer = ctx.viewer ? { playerId: ctx.viewer.id } : null;
    const page = await ctx.services.history.eventsPage(game.gameId, after, size);
    return page.map(({ event, state }) => toGameEvent({ gameId: game.gameId, event, state }, viewer));
  }

  @FieldResolver(() => [Place], {
    complexity: databaseCost(listCost(LIMITS.maxPlayers)),
    description:
      'The finishing order once the game is FINISHED (empty before): the winner first, then the others in reverse order of leaving play; at the round cap, those still in play by dice held.',
  })
  async places(@Root() game: Game, @Ctx() ctx: GraphQLContext): Promise<Place[]> {
    if (game.view.status !== 'FINISHED') return [];
    const order = (await ctx.placesLoader.load(game.gameId)) ?? [];
    const players = await Promise.all(
      order.map((seat) => ctx.playerLoader.load(game.view.seats[seat]!.playerId)),
    );
    return order.map((seat, i) =>
      Object.assign(new Place(), {
        place: i + 1,
        seat: game.seats[seat]!,
        player: toPlayer(players[i]!),
        gameId: game.gameId,
      }),
    );
  }
}
