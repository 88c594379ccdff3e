// Validation of argument values: texts, keys, ranges, IDs, page sizes and client seeds.
import { CLIENT_SEED_MAX_LENGTH, isClientSeed } from '../engine';
import { fromGlobalId } from './ids';
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

/** The longest display name of a player (a person or a bot), in characters (code points). */
export const PLAYER_NAME_MAX_LENGTH = 40;

// Characters a player's name may not hold: general categories Cc, Cf, Zl, Zp, Default_Ignorable_Code_Point,
// and those that render blank (Braille blank, Hangul fillers). ZWJ and VS16 are checked apart (emoji).
const NAME_FORBIDDEN =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800\u115f\u1160\u3164\uffa0]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u20e3/u;

/** Whether the ZWJ or VS16 at `i` sits inside an emoji sequence. */
function inEmoji(chars: readonly string[], i: number): boolean {
  const before = chars[i - 1];
  if (chars[i] === '\ufe0f') return before !== undefined && /\p{Emoji}/u.test(before);
  // ZWJ: between a pictograph (or its VS16) and a pictograph.
  const prev = before === '\ufe0f' ? chars[i - 2] : before;
  const next = chars[i + 1];
  return prev !== undefined && next !== undefined && PICTOGRAPH.test(prev) && PICTOGRAPH.test(next);
}

/**
 * A player's name (registerPlayer and renamePlayer): trimmed, 1 to 40 characters, none of general category
 * Cc, Cf, Zl or Zp nor Default_Ignorable_Code_Point (except U+200D and U+FE0F inside an emoji sequence), none
 * that renders blank; otherwise BAD_USER_INPUT.
 */
export function playerName(value: string, field = 'name'): string {
  // As text() but for ZWJ and VS16, which may join emoji here.
  const name = value.trim();
  const chars = [...name];
  if (chars.length === 0) throw badInput(`${field} must not be empty`, field);
  if (chars.length > PLAYER_NAME_MAX_LENGTH) {
    throw badInput(`${field} must be at most ${PLAYER_NAME_MAX_LENGTH} characters`, field);
  }
  chars.forEach((c, i) => {
    if ((c === '\u200d' || c === '\ufe0f') && inEmoji(chars, i)) return;
    if (NAME_FORBIDDEN.test(c)) {
      throw badInput(
        `${field} must not contain control, formatting, invisible or blank characters (found U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`,
        field,
      );
    }
  });
  return name;
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
