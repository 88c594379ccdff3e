// The rules of a player's name (people and bots): bounded, visible, and unable to pass for another's.
import { nameSkeleton, nameSkeletons, type NameSkeletons } from './name-skeleton';

/** The longest display name of a player (a person or a bot), in characters (code points). */
export const PLAYER_NAME_MAX_LENGTH = 40;

/** The rule a refused name breaks: a stable code, and the message that states it. */
export type PlayerNameRule = 'EMPTY' | 'TOO_LONG' | 'INVISIBLE_CHARACTER' | 'BLANK' | 'BOT_NAME';

export type PlayerNameCheck =
  | { readonly ok: true; readonly name: string; readonly skeletons: NameSkeletons }
  | { readonly ok: false; readonly rule: PlayerNameRule; readonly message: string };

// General categories Cc, Cf, Zl, Zp, lone surrogates, Default_Ignorable_Code_Point, and the characters that
// render blank without being any of those (Braille blank U+2800; the Hangul fillers are default-ignorable).
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** What a visible name needs at least one of: a letter, a digit, a symbol or punctuation. */
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;
// Whole emoji sequences as Unicode recommends them (RGI), inside which ZWJ and VS16 are part of the emoji.
// Built at run time: the `v` flag is newer than the compile target.
const EMOJI = new RegExp('\\p{RGI_Emoji}', 'gv');
const ZWJ = '\u200d';
const VS16 = '\ufe0f';
/** Past this many UTF-16 units a name cannot be valid: refused before it is scanned. */
const RAW_LENGTH_MAX = PLAYER_NAME_MAX_LENGTH * 2 + 1_000;

// The names the server gives bots by default ("HARD bot 2"), by skeleton: no person may hold one.
const BOT_DEFAULT_SKELETONS = new Set(
  ['easy', 'normal', 'hard'].map((level) => `${nameSkeleton(`${level} bot`)} `),
);
const DIGIT_SKELETONS = new Set([...'0123456789'].map((d) => nameSkeleton(d)));

function codePoint(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The UTF-16 offsets of the ZWJ and VS16 that sit inside an RGI emoji sequence. */
function emojiJoiners(name: string): Set<number> {
  const inside = new Set<number>();
  for (const match of name.matchAll(EMOJI)) {
    for (let i = 0; i < match[0].length; i++) {
      const unit = match[0][i];
      if (unit === ZWJ || unit === VS16) inside.add(match.index + i);
    }
  }
  return inside;
}

/** Whether a skeleton is that of a bot's default name ("HARD bot 2", or a look-alike of one). */
export function isBotDefaultSkeleton(skeleton: string): boolean {
  for (const prefix of BOT_DEFAULT_SKELETONS) {
    if (!skeleton.startsWith(prefix)) continue;
    const rest = [...skeleton.slice(prefix.length)];
    if (rest.length > 0 && rest.every((c) => DIGIT_SKELETONS.has(c))) return true;
  }
  return false;
}

/**
 * Checks a name as given: trimmed, 1 to 40 characters (code points); no character of general category Cc,
 * Cf, Zl or Zp nor Default_Ignorable_Code_Point, except ZWJ (U+200D) and VS16 (U+FE0F) inside an emoji
 * sequence (family and flag emoji); nothing that renders blank. Returns the name to store and its skeletons,
 * the keys that make people's names unique (see nameSkeletons).
 */
export function checkPlayerName(value: string, field = 'name'): PlayerNameCheck {
  const tooLong = `${field} must be at most ${PLAYER_NAME_MAX_LENGTH} characters`;
  if (value.length > RAW_LENGTH_MAX) return { ok: false, rule: 'TOO_LONG', message: tooLong };
  const name = value.trim();
  const chars = [...name];
  if (chars.length === 0) return { ok: false, rule: 'EMPTY', message: `${field} must not be empty` };
  if (chars.length > PLAYER_NAME_MAX_LENGTH) return { ok: false, rule: 'TOO_LONG', message: tooLong };
  const joiners = emojiJoiners(name);
  let offset = 0;
  for (const c of chars) {
    const at = offset;
    offset += c.length;
    if (joiners.has(at) || !FORBIDDEN.test(c)) continue;
    return {
      ok: false,
      rule: 'INVISIBLE_CHARACTER',
      message: `${field} must not contain control, formatting, invisible or blank characters (found ${codePoint(c)}); joiners and variation selectors only inside emoji`,
    };
  }
  if (!VISIBLE.test(name)) {
    return {
      ok: false,
      rule: 'BLANK',
      message: `${field} must show at least one letter, digit, symbol or punctuation mark`,
    };
  }
  return { ok: true, name, skeletons: nameSkeletons(name) };
}

/**
 * A person's name: the rules of checkPlayerName, and not one of the bots' default names ("HARD bot 2")
 * nor a look-alike of one, which the server may give a bot at any time.
 */
export function checkPersonName(value: string, field = 'name'): PlayerNameCheck {
  const checked = checkPlayerName(value, field);
  if (!checked.ok) return checked;
  if (isBotDefaultSkeleton(checked.skeletons.folded) || isBotDefaultSkeleton(checked.skeletons.lowered)) {
    return {
      ok: false,
      rule: 'BOT_NAME',
      message: `${field} must not look like a bot's default name ("EASY bot 1", "NORMAL bot 2", "HARD bot 3", ...)`,
    };
  }
  return checked;
}
