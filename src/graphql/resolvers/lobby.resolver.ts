// The mutations of a game's lobby: creating, joining, leaving and starting a game, and seating bots.
import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import {
  DISCONNECT_SECONDS,
  GAME_NAME_MAX_LENGTH,
  LIMITS,
  TIMEOUTS_TO_FORFEIT,
  TURN_SECONDS,
  withTableDefaults,
} from '../../engine';
import { askedRules } from '../../moves';
import type { GraphQLContext } from '../context';
import { badInput } from '../errors';
import { rateLimited } from '../rate-limit-error';
import { AddBotInput, RemoveBotInput } from '../inputs/bot.input';
import { CreateGameInput } from '../inputs/create-game.input';
import { GameInput } from '../inputs/game.input';
import { GamePayload } from '../types/payloads.type';
import * as valid from '../validation';
import { act, moveOutcome, prepareMove, requestHash } from './game-mutation';

/**
 * The seats any table may have: a maxPlayers outside them is malformed input (BAD_USER_INPUT); within them
 * the engine decides against the game's rules (INVALID_RULES).
 */
const SEATS = { min: LIMITS.minPlayers, max: LIMITS.maxPlayers } as const;

/** A client seed is joinGame's own field of GameInput. */
function noClientSeed(input: GameInput): void {
  if (input.clientSeed !== null && input.clientSeed !== undefined) {
    throw badInput('clientSeed is given only with joinGame (or createGame)', 'clientSeed');
  }
}

@Resolver()
export class LobbyResolver {
  @Mutation(() => GamePayload, {
    description: 'Creates a game in the lobby; the creator takes seat 0 and hosts it.',
  })
  @Authorized()
  async createGame(
    @Arg('input', () => CreateGameInput, { description: 'Preset, overrides, seats and name.' })
    input: CreateGameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const operation = 'createGame';
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    // Malformed input is refused before the engine: bounds of the contract, which are the engine's own.
    const name = valid.optionalText(input.name, 'name', GAME_NAME_MAX_LENGTH);
    const clientSeed = valid.clientSeed(input.clientSeed);
    const maxPlayers = valid.intWithin(input.maxPlayers, 'maxPlayers', SEATS);
    const turnSeconds = valid.intWithin(input.turnSeconds, 'turnSeconds', TURN_SECONDS);
    const timeoutsToForfeit = valid.intWithin(
      input.timeoutsToForfeit,
      'timeoutsToForfeit',
      TIMEOUTS_TO_FORFEIT,
    );
    const rules = askedRules(input.preset, input.overrides);
    if (!rules.ok) {
      const refused = { kind: 'refused', gameId: null, state: null, error: rules.violation } as const;
      return moveOutcome(ctx, operation, refused, clientMutationId);
    }
    const disconnectSeconds = valid.intWithin(
      input.disconnectSeconds,
      'disconnectSeconds',
      DISCONNECT_SECONDS,
    );
    const { visibility, rated, allowSpectators, chat, awayAfterTimeouts } = input;
    // The request is fingerprinted as the table it makes: an option left out is the same as its default.
    const table = withTableDefaults({
      visibility,
      rated,
      allowSpectators,
      chat,
      awayAfterTimeouts,
      disconnectSeconds,
      allowAgents: input.allowAgents ?? !(rated ?? true),
    });
    const settings = { name, maxPlayers, turnSeconds, timeoutsToForfeit, table };
    const result = await ctx.services.tables.create(
      { host: ctx.viewer!.id, rules: rules.rules, ...settings },
      {
        operation,
        idempotencyKey,
        // The overrides count as the rules they resolve to.
        requestHash: requestHash(operation, { ...input, ...settings, clientSeed, overrides: rules.rules }),
        clientSeed,
      },
    );
    return moveOutcome(ctx, operation, result, clientMutationId);
  }

  @Mutation(() => GamePayload, { description: 'Takes a free seat in a game in its lobby.' })
  @Authorized()
  async joinGame(
    @Arg('input', () => GameInput, { description: 'The game.' }) input: GameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const clientSeed = valid.clientSeed(input.clientSeed);
    const move = prepareMove('joinGame', input, { clientSeed });
    const options = { ...move.options, clientSeed };
    const inviteCode = input.inviteCode ?? null;
    const result = await ctx.services.tables.join(move.gameId, ctx.viewer!.id, inviteCode, options);
    if (result.kind === 'too_many_guesses') {
      throw rateLimited('player', result.retryAfterSeconds, 'wrong invite codes');
    }
    return moveOutcome(ctx, options.operation, result, move.clientMutationId);
  }

  @Mutation(() => GamePayload, {
    description:
      'Seats a bot the server plays (host only, in the lobby): it moves on its turn after a short think, and calls exact out of turn where the rules allow.',
  })
  @Authorized()
  async addBot(
    @Arg('input', () => AddBotInput, { description: 'The game, and the level and name of the bot.' })
    input: AddBotInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const name = valid.botName(input.name);
    const move = prepareMove('addBot', input, { name: name?.name ?? null });
    const bot = { name, level: input.level };
    const result = await ctx.services.tables.addBot(move.gameId, ctx.viewer!.id, bot, move.options);
    if (result.kind === 'name_taken') throw valid.nameTaken(name!.name);
    return moveOutcome(ctx, move.options.operation, result, move.clientMutationId);
  }

  @Mutation(() => GamePayload, {
    description: 'Frees the seat of a bot (host only, in the lobby); the later seats move up.',
  })
  @Authorized()
  removeBot(
    @Arg('input', () => RemoveBotInput, { description: "The game and the bot's seat." })
    input: RemoveBotInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const position = valid.intInRange(input.position, 'position', 0, 1000)!;
    return act(ctx, prepareMove('removeBot', input, { position }), (playerId) => ({
      type: 'REMOVE_BOT',
      playerId,
      seat: position,
    }));
  }

  @Mutation(() => GamePayload, {
    description:
      'In the lobby frees the seat (the next player becomes host); in play forfeits all dice and voids the open round (a voided palifico round is played again for its palifico player).',
  })
  @Authorized()
  leaveGame(
    @Arg('input', () => GameInput, { description: 'The game.' }) input: GameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const move = prepareMove('leaveGame', input);
    noClientSeed(input);
    return act(ctx, move, (playerId) => ({ type: 'LEAVE', playerId }));
  }

  @Mutation(() => GamePayload, { description: 'Starts the game (host only, at least 2 players).' })
  @Authorized()
  startGame(
    @Arg('input', () => GameInput, { description: 'The game.' }) input: GameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const move = prepareMove('startGame', input);
    noClientSeed(input);
    return act(ctx, move, (playerId) => ({ type: 'START', playerId }));
  }
}
