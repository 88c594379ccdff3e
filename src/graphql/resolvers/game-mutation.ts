// What every game mutation shares: its common input fields, the fingerprint its idempotencyKey is held to,
// and what it answers with a move's outcome.
import { createHash } from 'node:crypto';
import { viewFor, type Command } from '../../engine';
import type { MoveOptions, MoveResult } from '../../moves';
import type { GraphQLContext } from '../context';
import { notFound } from '../errors';
import type { GameMoveInput } from '../inputs/game.input';
import { toErrorCode } from '../mappers/enum.mapper';
import { toGame } from '../mappers/game.mapper';
import type { Game } from '../types/game.type';
import { GamePayload } from '../types/payloads.type';
import { UserError } from '../types/user-error.type';
import * as valid from '../validation';

const VERSION_MAX = 2_000_000_000;

export function userError(
  code: Parameters<typeof toErrorCode>[0],
  message: string,
  field?: readonly string[],
): UserError {
  return Object.assign(new UserError(), {
    code: toErrorCode(code),
    message,
    field: field ? [...field] : null,
  });
}

/** A value in a canonical form: object keys sorted, null and omitted alike left out (they mean the same). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== null && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
}

/**
 * The fingerprint of a mutation's request, which a retry with the same idempotencyKey must match: its whole
 * input with the validated values in place of the given ones, whatever fields the input has, except
 * idempotencyKey and clientMutationId (they do not define the request).
 */
export function requestHash(operation: string, input: object): string {
  const request: Record<string, unknown> = { ...input };
  delete request.idempotencyKey;
  delete request.clientMutationId;
  return createHash('sha256')
    .update(JSON.stringify([operation, canonical(request)]))
    .digest('hex');
}

/** A game mutation's validated input. */
export interface PreparedMove {
  readonly gameId: string;
  readonly clientMutationId: string | null;
  readonly options: MoveOptions;
}

/**
 * Validates the fields every mutation on one game has; `validated` holds the values of its own fields that
 * were validated (they replace the given ones in the request's fingerprint).
 */
export function prepareMove(
  operation: string,
  input: GameMoveInput,
  validated: Record<string, unknown> = {},
): PreparedMove {
  const clientMutationId = valid.clientMutationId(input.clientMutationId);
  const idempotencyKey = valid.idempotencyKey(input.idempotencyKey);
  const expectedVersion = valid.intInRange(input.expectedVersion, 'expectedVersion', 0, VERSION_MAX);
  const gameId = valid.gameKey(input.gameId);
  return {
    gameId,
    clientMutationId,
    options: {
      operation,
      idempotencyKey,
      expectedVersion,
      requestHash: requestHash(operation, { ...input, gameId, expectedVersion, ...validated }),
    },
  };
}

/** ACCEPTED, or the code of the refusal. */
function outcomeOf(result: MoveResult): string {
  if (result.kind === 'applied') return 'ACCEPTED';
  return result.kind === 'refused' ? result.error.code : 'NOT_FOUND';
}

/**
 * What a game mutation answers with a move's outcome: the game as the viewer sees it after the move (as it
 * was, if refused) and the refusal; no such game is NOT_FOUND. The outcome is counted in the metrics.
 */
export function moveOutcome(
  ctx: GraphQLContext,
  operation: string,
  result: MoveResult,
  clientMutationId: string | null,
): GamePayload {
  // Only a socket's operations carry a socketKey.
  ctx.services.onMoveOutcome?.(operation, outcomeOf(result), ctx.socketKey === undefined ? 'http' : 'ws');
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

/** Makes the viewer's move on a game and answers with its outcome. */
export async function act(
  ctx: GraphQLContext,
  move: PreparedMove,
  command: (playerId: string) => Command,
): Promise<GamePayload> {
  const result = await ctx.services.gameMoves.act(move.gameId, command(ctx.viewer!.id), move.options);
  return moveOutcome(ctx, move.options.operation, result, move.clientMutationId);
}
