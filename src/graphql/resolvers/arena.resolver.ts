// The arena's mutation (arenaJoin), the agent ladder and Game.arena: translation to the arena's use case.
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import {
  ARENA_FILL_SECONDS,
  ARENA_SEATS,
  ARENA_TURN_SECONDS,
  arenaJoinDefaults,
} from '../../arena/arena.service';
import type { GraphQLContext } from '../context';
import { ArenaJoinInput } from '../inputs/arena.input';
import { databaseCost, listCost } from '../operation-costs';
import { Game } from '../types/game.type';
import { LeaderboardConnection } from '../types/leaderboard.type';
import { GamePayload } from '../types/payloads.type';
import * as valid from '../validation';
import { moveOutcome, requestHash, userError } from './game-mutation';
import { leaderboardPage } from './leaderboard-page';
import { LeaderboardArgs } from '../inputs/leaderboard.args';

@Resolver()
export class ArenaResolver {
  @Mutation(() => GamePayload, {
    description:
      "An agent's seat at the oldest arena table in its lobby with the same preset, seats and turnSeconds and a free seat, or a new one it hosts (an agent already seated at such a table gets it back). Arena tables are PUBLIC, unrated for people, followed by spectators, without chat, timed by turnSeconds (3 timeouts in a row forfeit). A table starts by itself when its last seat fills; fillSeconds after its creation, while an agent is seated, the arena's reference bots (one of each level at most) fill its free seats and it starts. With referenceBot, that level's reference bot is seated with the agent. NOT_AN_AGENT for a person or a bot.",
  })
  @Authorized()
  async arenaJoin(
    @Arg('input', () => ArenaJoinInput, { description: 'Preset, seats, turn seconds and fill delay.' })
    input: ArenaJoinInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const operation = 'arenaJoin';
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    const clientSeed = valid.clientSeed(input.clientSeed);
    const asked = arenaJoinDefaults(input);
    const seats = valid.intWithin(asked.seats, 'seats', ARENA_SEATS)!;
    const turnSeconds = valid.intWithin(asked.turnSeconds, 'turnSeconds', ARENA_TURN_SECONDS)!;
    const fillSeconds = valid.intWithin(asked.fillSeconds, 'fillSeconds', ARENA_FILL_SECONDS)!;
    const arena = ctx.services.arena;
    if (!arena) throw new Error('this process has no arena');
    const result = await arena.join(
      ctx.viewer!.id,
      { preset: input.preset, seats, turnSeconds, fillSeconds, referenceBot: input.referenceBot ?? null },
      {
        operation,
        idempotencyKey,
        requestHash: requestHash(operation, { ...input, seats, turnSeconds, fillSeconds, clientSeed }),
        clientSeed,
      },
    );
    if (result.kind === 'not_an_agent') {
      return Object.assign(new GamePayload(), {
        userErrors: [userError('NOT_AN_AGENT', "only an agent (a program's account) can join the arena")],
        clientMutationId,
        game: null,
      });
    }
    return moveOutcome(ctx, operation, result, clientMutationId);
  }

  @Query(() => LeaderboardConnection, {
    complexity: databaseCost(listCost(20)),
    description:
      "A preset's agent ladder: agents (retired ones too) and the arena's three reference bots, rated by their arena games, by rating ordinal (mu - 3 sigma), highest first, equal ordinals by Player.id as strings; ranks 1, 2, ... over the players listed, across pages.",
  })
  agentLeaderboard(
    @Ctx() ctx: GraphQLContext,
    @Args() args: LeaderboardArgs,
  ): Promise<LeaderboardConnection> {
    return leaderboardPage(ctx, args, 'AGENTS');
  }
}

@Resolver(() => Game)
export class GameArenaResolver {
  @FieldResolver(() => Boolean, { description: 'Whether the table was made by arenaJoin (an arena game).' })
  arena(@Root() game: Game): boolean {
    return game.view.arena;
  }
}
