// The mutations: registering a player, creating and joining games, and every move.
import { createHash } from 'node:crypto';
import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import {
  GAME_NAME_MAX_LENGTH,
  LIMITS,
  resolveRules,
  TIMEOUTS_TO_FORFEIT,
  TURN_SECONDS,
  viewFor,
  type Command,
  type RuleOverrides,
} from '../../engine';
import type { MoveOptions, MoveResult, StoreErrorCode } from '../../store/move-result';
import type { GraphQLContext } from '../context';
import { badInput, notFound } from '../errors';
import { toErrorCode } from '../mappers/enum.mapper';
import { toGame } from '../mappers/game.mapper';
import { toPlayer } from '../mappers/player.mapper';
import { CreateGameInput } from '../inputs/create-game.input';
import { GameActionInput, GameInput, type GameMoveInput } from '../inputs/game.input';
import { AddBotInput, RemoveBotInput } from '../inputs/bot.input';
import { PlaceBidInput } from '../inputs/place-bid.input';
import { RegisterPlayerInput } from '../inputs/register-player.input';
import type { Game } from '../types/game.type';
import { GamePayload, RegisterPlayerPayload } from '../types/payloads.type';
import { UserError } from '../types/user-error.type';
import * as valid from '../validation';

const VERSION_MAX = 2_000_000_000;

interface PreparedMove {
  readonly gameId: string;
  readonly clientMutationId: string | null;
  readonly options: MoveOptions;
}

function userError(code: StoreErrorCode, message: string, field?: readonly string[]): UserError {
  return Object.assign(new UserError(), {
    code: toErrorCode(code),
    message,
    field: field ? [...field] : null,
  });
}

function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function toPayload(ctx: GraphQLContext, result: MoveResult, clientMutationId: string | null): GamePayload {
  if (result.kind === 'not_found') throw notFound('that game');
  const viewer = { playerId: ctx.viewer!.id };
  const { gameId, state } = result;
  const payload = Object.assign(new GamePayload(), {
    userErrors:
      result.kind === 'refused'
        ? [userError(result.error.code, result.error.message, result.error.field)]
        : [],
    clientMutationId,
  });
  // Built only if the client selects it: bots often ask for userErrors alone.
  let game: Game | null | undefined;
  Object.defineProperty(payload, 'game', {
    enumerable: true,
    get: () => (game ??= gameId && state ? toGame(gameId, viewFor(state, viewer)) : null),
  });
  return payload;
}

/** ACCEPTED, or the code of the refusal. */
function outcomeOf(result: MoveResult): string {
  if (result.kind === 'applied') return 'ACCEPTED';
  return result.kind === 'refused' ? result.error.code : 'NOT_FOUND';
}

@Resolver()
export class MutationResolver {
  @Mutation(() => RegisterPlayerPayload, {
    description:
      'Creates a player and returns its secret token; a retry with the same idempotencyKey returns the same player and token.',
  })
  async registerPlayer(
    @Arg('input', () => RegisterPlayerInput, { description: 'The name.' }) input: RegisterPlayerInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RegisterPlayerPayload> {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.registrationKey(input.idempotencyKey);
    const name = valid.text(input.name, 'name', 40);
    const players = ctx.services.players;
    // A retry of a registration already made is answered from its record, without taking from the quota.
    if (!idempotencyKey || !(await players.isRegistered(idempotencyKey))) {
      const refused = ctx.chargeRegistration();
      if (refused) throw refused;
    }
    const result = idempotencyKey
      ? await players.registerWithKey(name, idempotencyKey)
      : { kind: 'registered' as const, ...(await players.register(name)) };
    if (result.kind === 'reused') {
      return Object.assign(new RegisterPlayerPayload(), {
        player: null,
        token: null,
        userErrors: [
          userError(
            'IDEMPOTENCY_KEY_REUSED',
            'this idempotencyKey was already used to register another name; use a new key',
            ['idempotencyKey'],
          ),
        ],
        clientMutationId,
      });
    }
    const { player, token } = result;
    return Object.assign(new RegisterPlayerPayload(), {
      player: toPlayer(player),
      token,
      userErrors: [],
      clientMutationId,
    });
  }

  @Mutation(() => GamePayload, {
    description: 'Creates a game in the lobby; the creator takes seat 0 and hosts it.',
  })
  @Authorized()
  async createGame(
    @Arg('input', () => CreateGameInput, { description: 'Preset, overrides, seats and name.' })
    input: CreateGameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const viewer = ctx.viewer!;
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    const name = valid.optionalText(input.name, 'name', GAME_NAME_MAX_LENGTH);
    const clientSeed = valid.clientSeed(input.clientSeed);
    const maxPlayers = valid.intInRange(input.maxPlayers, 'maxPlayers', LIMITS.minPlayers, LIMITS.maxPlayers);
    const turnSeconds = valid.intInRange(
      input.turnSeconds,
      'turnSeconds',
      TURN_SECONDS.min,
      TURN_SECONDS.max,
    );
    const timeoutsToForfeit = valid.intInRange(
      input.timeoutsToForfeit,
      'timeoutsToForfeit',
      TIMEOUTS_TO_FORFEIT.min,
      TIMEOUTS_TO_FORFEIT.max,
    );
    const { unlimitedDice, ...given } = input.overrides ?? {};
    // The input's options are the engine's (null keeps the preset's value): a mismatch does not compile.
    const options: { readonly [K in keyof RuleOverrides]?: RuleOverrides[K] | null } = given;
    const overrides: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(options)) if (v !== null && v !== undefined) overrides[k] = v;
    if (unlimitedDice) {
      if (overrides.maxDice !== undefined) {
        return Object.assign(new GamePayload(), {
          game: null,
          userErrors: [
            userError('INVALID_RULES', 'give either maxDice or unlimitedDice, not both', [
              'overrides',
              'maxDice',
            ]),
          ],
          clientMutationId,
        });
      }
      overrides.maxDice = null;
    }
    const moveOptions: MoveOptions = {
      operation: 'createGame',
      idempotencyKey,
      requestHash: requestHash([
        input.preset,
        overrides,
        maxPlayers,
        name,
        turnSeconds,
        timeoutsToForfeit,
        ...(clientSeed === null ? [] : [clientSeed]),
      ]),
      seatCap: ctx.services.maxActiveGamesPerPlayer,
      clientSeed,
    };
    const rules = resolveRules(input.preset, overrides as RuleOverrides);
    if (!rules.ok) {
      return Object.assign(new GamePayload(), {
        game: null,
        userErrors: [userError('INVALID_RULES', rules.message, ['overrides', rules.field])],
        clientMutationId,
      });
    }
    const result = await ctx.services.gameMoves.create(
      { host: viewer.id, rules: rules.rules, maxPlayers, name, turnSeconds, timeoutsToForfeit },
      moveOptions,
    );
    ctx.services.onMoveOutcome?.('createGame', outcomeOf(result));
    return toPayload(ctx, result, clientMutationId);
  }

  @Mutation(() => GamePayload, { description: 'Takes a free seat in a game in its lobby.' })
  @Authorized()
  async joinGame(
    @Arg('input', () => GameInput, { description: 'The game.' }) input: GameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const viewer = ctx.viewer!;
    const clientSeed = valid.clientSeed(input.clientSeed);
    const move = this.prepare('joinGame', input, clientSeed === null ? [] : [clientSeed]);
    return this.apply(
      ctx,
      { ...move, options: { ...move.options, seatCap: ctx.services.maxActiveGamesPerPlayer, clientSeed } },
      { type: 'JOIN', playerId: viewer.id },
    );
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
    const name = valid.optionalText(input.name, 'name', 40);
    const move = this.prepare('addBot', input, [input.level, name]);
    const result = await ctx.services.gameMoves.addBot(
      move.gameId,
      ctx.viewer!.id,
      { name, level: input.level },
      move.options,
    );
    ctx.services.onMoveOutcome?.(move.options.operation, outcomeOf(result));
    return toPayload(ctx, result, move.clientMutationId);
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
    return this.move(
      ctx,
      'removeBot',
      input,
      (playerId) => ({ type: 'REMOVE_BOT', playerId, seat: position }),
      [position],
    );
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
    return this.move(ctx, 'leaveGame', input, (playerId) => ({ type: 'LEAVE', playerId }));
  }

  @Mutation(() => GamePayload, { description: 'Starts the game (host only, at least 2 players).' })
  @Authorized()
  startGame(
    @Arg('input', () => GameInput, { description: 'The game.' }) input: GameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    return this.move(ctx, 'startGame', input, (playerId) => ({ type: 'START', playerId }));
  }

  @Mutation(() => GamePayload, { description: 'Bids on the table: at least `quantity` dice showing `face`.' })
  @Authorized()
  placeBid(
    @Arg('input', () => PlaceBidInput, { description: 'The game and the bid.' }) input: PlaceBidInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    return this.move(
      ctx,
      'placeBid',
      input,
      (playerId) => ({ type: 'BID', playerId, quantity: input.quantity, face: input.face }),
      [input.quantity, input.face],
    );
  }

  @Mutation(() => GamePayload, { description: 'Challenges the last bid (on your turn).' })
  @Authorized()
  callDudo(
    @Arg('input', () => GameActionInput, { description: 'The game.' }) input: GameActionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    return this.move(ctx, 'callDudo', input, (playerId) => ({ type: 'DUDO', playerId }));
  }

  @Mutation(() => GamePayload, {
    description: "Claims the last bid is exactly right (calza, jonti or jinto, per the game's rules).",
  })
  @Authorized()
  callExact(
    @Arg('input', () => GameActionInput, { description: 'The game.' }) input: GameActionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    return this.move(ctx, 'callExact', input, (playerId) => ({ type: 'EXACT', playerId }));
  }

  private move(
    ctx: GraphQLContext,
    operation: string,
    input: GameMoveInput,
    command: (playerId: string) => Command,
    args: unknown[] = [],
  ): Promise<GamePayload> {
    const viewer = ctx.viewer!;
    return this.apply(ctx, this.prepare(operation, input, args), command(viewer.id));
  }

  /** A game mutation's validated input. */
  private prepare(operation: string, input: GameMoveInput, args: unknown[] = []): PreparedMove {
    const clientMutationId = valid.clientMutationId(input.clientMutationId);
    const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
    const expectedVersion = valid.intInRange(input.expectedVersion, 'expectedVersion', 0, VERSION_MAX);
    const gameId = valid.gameKey(input.gameId);
    const seed = 'clientSeed' in input ? input.clientSeed : null;
    if (operation !== 'joinGame' && seed !== null && seed !== undefined) {
      throw badInput('clientSeed is given only with joinGame (or createGame)', 'clientSeed');
    }
    return {
      gameId,
      clientMutationId,
      options: {
        operation,
        idempotencyKey,
        expectedVersion,
        requestHash: requestHash([gameId, expectedVersion, ...args]),
      },
    };
  }

  private async apply(ctx: GraphQLContext, move: PreparedMove, command: Command): Promise<GamePayload> {
    const result = await ctx.services.gameMoves.act(move.gameId, command, move.options);
    ctx.services.onMoveOutcome?.(move.options.operation, outcomeOf(result));
    return toPayload(ctx, result, move.clientMutationId);
  }
}
