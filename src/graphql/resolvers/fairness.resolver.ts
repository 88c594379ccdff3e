// Game.fairness and its roll-off key: what anyone may check of a game's dice, and when.
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { FAIRNESS_ALGORITHM, lastRevealedKey } from '../../engine';
import type { GraphQLContext } from '../context';
import { loadPublicFairness, loadRevealedKey } from '../fairness-loader';
import { ClientSeed } from '../types/client-seed.type';
import { Game } from '../types/game.type';
import { GameFairness } from '../types/game-fairness.type';

@Resolver(() => Game)
export class GameFairnessFieldResolver {
  @FieldResolver(() => GameFairness, {
    description: "The game's provably fair dice: commitment, seeds and revealed keys (see FAIRNESS.md).",
  })
  async fairness(@Root() game: Game, @Ctx() ctx: GraphQLContext): Promise<GameFairness> {
    const records = await loadPublicFairness(ctx, game.gameId, game.view.version);
    if (!records) throw new Error(`game ${game.gameId} has no fairness records`);
    const clientSeeds: ClientSeed[] = [];
    for (const seat of game.seats) {
      const seed = records.clientSeeds.get(seat.playerId);
      if (seed !== undefined) clientSeeds.push(Object.assign(new ClientSeed(), { seat, seed }));
    }
    return Object.assign(new GameFairness(), {
      algorithm: FAIRNESS_ALGORITHM,
      serverSeeds: records.serverSeeds,
      commitment: records.commitment,
      clientSeeds,
      gameSeed: game.view.startedAt === null ? null : records.gameSeed,
      gameId: game.gameId,
      revealUpTo: lastRevealedKey(game.view),
    });
  }
}

@Resolver(() => GameFairness)
export class GameFairnessResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The hex k[0], the key of the roll-off (and of a random first starter): null until the game has started, the roll-off then being over.',
  })
  rollOffKey(@Root() fairness: GameFairness, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return loadRevealedKey(ctx, fairness.gameId, fairness.revealUpTo, 0);
  }
}
