// The mutations of away seats: taking one's seat back, and nudging a stalled turn.
import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { badInput } from '../errors';
import { GameInput } from '../inputs/game.input';
import { GamePayload } from '../types/payloads.type';
import { act, prepareMove } from './game-mutation';

/** Neither mutation takes a seed: it is joinGame's own field of GameInput. */
function noClientSeed(input: GameInput): void {
  if (input.clientSeed !== null && input.clientSeed !== undefined) {
    throw badInput('clientSeed is given only with joinGame (or createGame)', 'clientSeed');
  }
}

@Resolver()
export class AwayResolver {
  @Mutation(() => GamePayload, {
    description:
      'Takes your away seat back from the server (SEAT_RETURNED); any move of your own does too. GAME_NOT_IN_PROGRESS outside play, NOT_SEATED without a seat, NOT_AWAY when your seat is not away.',
  })
  @Authorized()
  returnToGame(
    @Arg('input', () => GameInput, { description: 'The game.' }) input: GameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const move = prepareMove('returnToGame', input);
    noClientSeed(input);
    return act(ctx, move, (playerId) => ({ type: 'RETURN', playerId }));
  }

  @Mutation(() => GamePayload, {
    description:
      'Untimed games: a player in play, not on turn, nudges the person on turn once the turn is 2 minutes old. Game.turnDeadline becomes 60 s later (PLAYER_NUDGED); if they have not moved by then their seat becomes away. A second nudge before that deadline changes nothing. Refusals, first match wins: GAME_NOT_IN_PROGRESS; NOT_IN_GAME; NUDGE_NOT_ALLOWED (a timed game, a bot or an away seat on turn); NUDGE_TOO_EARLY.',
  })
  @Authorized()
  nudge(
    @Arg('input', () => GameInput, { description: 'The game.' }) input: GameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    const move = prepareMove('nudge', input);
    noClientSeed(input);
    return act(ctx, move, (playerId) => ({ type: 'NUDGE', playerId }));
  }
}
