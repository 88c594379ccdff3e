// The tables' mutations (quick play, rematch, host controls) and the fields linking a game to its rematch.
import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import { BOT_FILL_SECONDS, PRESETS } from '../../engine';
import { quickPlayDefaults } from '../../moves';
import type { GraphQLContext } from '../context';
import { GameInput } from '../inputs/game.input';
import { QuickPlayInput, SeatInput } from '../inputs/tables.input';
import { Game } from '../types/game.type';
import { GameEvent } from '../types/game-event.type';
import { GamePayload } from '../types/payloads.type';
import * as valid from '../validation';
import { act, moveOutcome, prepareMove, requestHash } from './game-mutation';
import { loadGame } from './query.resolver';

@Resolver()
export class TablesResolver {
  @Mutation(() => GamePayload, {
    description:
      'Seats you at the oldest PUBLIC, rated quick-play table in its lobby with the same preset and players and a free seat, or creates one you host (you get back a matching table you already sit at). A table starts by itself when its last seat fills; botFillSeconds after its creation NORMAL bots fill its free seats while a person is seated.',
  })
  @Authorized()
  async quickPlay(
    @Arg('input', () => QuickPlayInput, { description: 'Preset, seats and bot fill delay.' })
    input: QuickPlayInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const operation = 'quickPlay';
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    const clientSeed = valid.clientSeed(input.clientSeed);
    const rules = PRESETS[input.preset];
    const asked = quickPlayDefaults(input);
    const players = valid.intInRange(asked.players, 'players', 2, rules.maxPlayers)!;
    const botFillSeconds = valid.intWithin(asked.botFillSeconds, 'botFillSeconds', BOT_FILL_SECONDS)!;
    const result = await ctx.services.tables.quickPlay(
      ctx.viewer!.id,
      { preset: input.preset, players, botFillSeconds },
      {
        operation,
        idempotencyKey,
        requestHash: requestHash(operation, { ...input, players, botFillSeconds, clientSeed }),
        clientSeed,
      },
    );
    return moveOutcome(ctx, operation, result, clientMutationId);
  }

  @Mutation(() => GamePayload, {
    description:
      "A player seated in a FINISHED game asks for a rematch: the first call creates it (same rules and options, you hosting, the game's bots seated), later calls seat you in it while it is in its lobby.",
  })
  @Authorized()
  async rematch(
    @Arg('input', () => GameInput, { description: 'The finished game.' }) input: GameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const move = prepareMove('rematch', input);
    const result = await ctx.services.tables.rematch(ctx.viewer!.id, move.gameId, move.options);
    return moveOutcome(ctx, 'rematch', result, move.clientMutationId);
  }

  @Mutation(() => GamePayload, {
    description:
      'Frees a seat in the lobby (host only; a bot seat too; later seats move up); the kicked player cannot join the game again.',
  })
  @Authorized()
  kickPlayer(
    @Arg('input', () => SeatInput, { description: 'The game and the seat.' }) input: SeatInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const position = valid.intInRange(input.position, 'position', 0, 1000)!;
    return act(ctx, prepareMove('kickPlayer', input, { position }), (playerId) => ({
      type: 'KICK',
      playerId,
      seat: position,
    }));
  }

  @Mutation(() => GamePayload, {
    description: 'Hands the host role to another seated person (host only, in the lobby).',
  })
  @Authorized()
  transferHost(
    @Arg('input', () => SeatInput, { description: 'The game and the new host’s seat.' }) input: SeatInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const position = valid.intInRange(input.position, 'position', 0, 1000)!;
    return act(ctx, prepareMove('transferHost', input, { position }), (playerId) => ({
      type: 'TRANSFER_HOST',
      playerId,
      seat: position,
    }));
  }
}

@Resolver(() => Game)
export class GameTableResolver {
  @FieldResolver(() => Int, {
    description:
      'Distinct viewers without a seat following the game live (gameEvents) on any API process: a player once however many sockets, each anonymous subscription once; within 5 s of a change.',
  })
  spectatorCount(@Root() game: Game, @Ctx() ctx: GraphQLContext): number {
    const seated = new Set(game.view.seats.map((s) => s.playerId));
    return ctx.services.spectators?.count(game.gameId, (id) => seated.has(id)) ?? 0;
  }

  @FieldResolver(() => Game, {
    nullable: true,
    description: 'The follow-up game, once a player asked for a rematch.',
  })
  rematch(@Root() game: Game, @Ctx() ctx: GraphQLContext): Promise<Game | null> {
    return game.view.rematch === null ? Promise.resolve(null) : loadGame(ctx, game.view.rematch);
  }

  @FieldResolver(() => Game, { nullable: true, description: 'The game this one is a rematch of.' })
  previousGame(@Root() game: Game, @Ctx() ctx: GraphQLContext): Promise<Game | null> {
    return game.view.previousGame === null ? Promise.resolve(null) : loadGame(ctx, game.view.previousGame);
  }
}

@Resolver(() => GameEvent)
export class GameEventTableResolver {
  @FieldResolver(() => Game, { nullable: true, description: 'The new game, for REMATCH_CREATED.' })
  rematch(@Root() event: GameEvent, @Ctx() ctx: GraphQLContext): Promise<Game | null> {
    return event.rematchId === null || event.rematchId === undefined
      ? Promise.resolve(null)
      : loadGame(ctx, event.rematchId);
  }
}
