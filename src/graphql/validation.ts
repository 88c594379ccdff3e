// Validation of argument values: texts, keys, ranges, IDs, page sizes and client seeds.
import { CLIENT_SEED_MAX_LENGTH, isClientSeed } from '../engine';
import { fromGlobalId } from './ids';
import type { GraphQLError } from 'graphql';
import type { NameSkeletons } from '../security/name-skeleton';
import { checkPersonName, checkPlayerName } from '../security/player-name';
import { badInput, notFound } from './errors';

// Control characters (C0, DEL, C1) and the invisible formatting ones that can spoof names.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;

/** A trimmed display text within bounds, or a BAD_USER_INPUT error that says what is allowed. */
export function text(value: string, field: string, max: number): string {
  const trimmed = value.trim();
  if (trimmed.length === 0) throw badInput(`${field} must not be empty`, field);
  if ([...trimmed].length > max) throw badInput(`${field} must be at most ${max} characters`, field);
  if (FORBIDDEN.test(trimmed)) throw badInput(`${field} must not contain control characters`, field);
  return trimmed;
}

export function optionalText(value: string | null | undefined, field: string, max: number): string | null {
  return value === null || value === undefined ? null : text(value, field, max);
}

export function idempotencyKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value.length < 1 || value.length > 128 || FORBIDDEN.test(value)) {
    throw badInput('idempotencyKey must be 1 to 128 characters without control characters', 'idempotencyKey');
  }
  return value;
}

/** The shortest idempotencyKey registerPlayer accepts. */
export const REGISTRATION_KEY_MIN = 16;

/**
 * registerPlayer's idempotencyKey. With no player to scope it, the key alone names the request and whoever
 * sends it again within 24 hours gets the player's token: it must be a secret, which no short key is.
 */
export function registrationKey(value: string | null | undefined): string | null {
  const key = idempotencyKey(value);
  if (key !== null && key.length < REGISTRATION_KEY_MIN) {
    throw badInput(
      `idempotencyKey of registerPlayer must be at least ${REGISTRATION_KEY_MIN} characters: use a random value such as a UUID`,
      'idempotencyKey',
    );
  }
  return key;
}

export function clientMutationId(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value.length > 128)
    throw badInput('clientMutationId must be at most 128 characters', 'clientMutationId');
  return value;
}

export { PLAYER_NAME_MAX_LENGTH } from '../security/player-name';

/** A name to store, with its skeletons (the keys that make people's names unique by look). */
export interface CheckedName {
  readonly name: string;
  readonly skeletons: NameSkeletons;
}

/**
 * A person's name (registerPlayer and renamePlayer): the rules of security/player-name (1 to 40 characters
 * after trimming, nothing invisible or blank, joiners only inside emoji, no bot's default name); otherwise
 * BAD_USER_INPUT stating the rule.
 */
export function personName(value: string, field = 'name'): CheckedName {
  const checked = checkPersonName(value, field);
  if (!checked.ok) throw badInput(checked.message, field);
  return { name: checked.name, skeletons: checked.skeletons };
}

/** A bot's name given by its host (addBot): the same rules but for the bots' default names; null: none. */
export function botName(value: string | null | undefined, field = 'name'): CheckedName | null {
  if (value === null || value === undefined) return null;
  const checked = checkPlayerName(value, field);
  if (!checked.ok) throw badInput(checked.message, field);
  return { name: checked.name, skeletons: checked.skeletons };
}

/** The refusal of a name that is taken, or looks like one that is (equal skeletons). */
export function nameTaken(name: string, field = 'name'): GraphQLError {
  return badInput(
    `${field} must not look like another player's name: "${name}" is taken, or looks like a name that is (case, spacing and look-alike letters of other scripts do not make names different)`,
    field,
  );
}

export function intInRange(
  value: number | null | undefined,
  field: string,
  min: number,
  max: number,
): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badInput(`${field} must be an integer from ${min} to ${max}`, field);
  }
  return value;
}

/** An integer within the engine's bounds of a setting (`{ min, max }`), or BAD_USER_INPUT stating them. */
export function intWithin(
  value: number | null | undefined,
  field: string,
  bounds: { readonly min: number; readonly max: number },
): number | null {
  return intInRange(value, field, bounds.min, bounds.max);
}

/** The database key of a Game global ID; malformed IDs are BAD_USER_INPUT. */
export function gameKey(id: string, field = 'gameId'): string {
  const decoded = fromGlobalId(id);
  if (!decoded) throw badInput(`${field} is not a valid ID`, field);
  if (decoded.type !== 'Game') throw notFound(`game ${id}`);
  return decoded.gameId;
}

export function playerKey(id: string, field = 'id'): string {
  const decoded = fromGlobalId(id);
  if (!decoded) throw badInput(`${field} is not a valid ID`, field);
  if (decoded.type !== 'Player') throw notFound(`player ${id}`);
  return decoded.playerId;
}

/** Players `games(playerIds:)` takes at most. */
export const MAX_PLAYER_IDS = 10;

/** The players of `games(playerIds:)`: at most MAX_PLAYER_IDS well-formed player IDs, each once. */
export function playerKeys(ids: readonly string[], field = 'playerIds'): string[] {
  if (ids.length > MAX_PLAYER_IDS) throw badInput(`${field} must hold at most ${MAX_PLAYER_IDS} IDs`, field);
  return [...new Set(ids.map((id) => playerKey(id, field)))];
}

export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 20;

export function pageSize(first: number | null | undefined): number {
  return intInRange(first, 'first', 0, MAX_PAGE) ?? DEFAULT_PAGE;
}

/** A client seed for the game's dice: 1 to 64 printable ASCII characters (0x20 to 0x7E), kept as given. */
export function clientSeed(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (!isClientSeed(value)) {
    throw badInput(
      `clientSeed must be 1 to ${CLIENT_SEED_MAX_LENGTH} printable ASCII characters (space to ~)`,
      'clientSeed',
    );
  }
  return value;
}
