// The rules of a chat text: trimmed, counted as people count characters, nothing that hides or reorders text.

/** The most characters (extended grapheme clusters) a message may hold. */
export const CHAT_TEXT_MAX = 280;
/** The most code points one character (grapheme cluster) may hold: long enough for any emoji sequence. */
export const CHAT_CLUSTER_MAX_CODE_POINTS = 16;
/** The most UTF-8 bytes a message may hold: 280 long clusters would otherwise make 17.9 KB. */
export const CHAT_TEXT_MAX_BYTES = 2_048;
/** Past this many UTF-16 units a text cannot be valid: refused before it is segmented. */
const RAW_LENGTH_MAX = CHAT_TEXT_MAX * CHAT_CLUSTER_MAX_CODE_POINTS * 2 + 1_000;

const EDGE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;
const CONTROL = /\p{Cc}/u;
/** Bidi controls (ALM, LRM, RLM, embeddings and overrides, isolates) and the line and paragraph separators. */
const BIDI_OR_SEPARATOR = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
const LONE_SURROGATE = /\p{Cs}/u;
/** Code points that show nothing by themselves: default-ignorables, spaces, formats and blank look-alikes. */
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Cf}\u2800\u3164\uffa0\u115f\u1160]$/u;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The text as stored (trimmed), or the rule it breaks, stated for a person. */
export type ChatTextCheck = { readonly text: string } | { readonly error: string };

export function checkChatText(value: string): ChatTextCheck {
  if (value.length > RAW_LENGTH_MAX) return { error: `text must be at most ${CHAT_TEXT_MAX} characters` };
  const text = value.replace(EDGE_SPACE, '');
  if (text.length === 0) return { error: 'text must not be empty' };
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > CHAT_TEXT_MAX_BYTES)
    return { error: `text must be at most ${CHAT_TEXT_MAX_BYTES} bytes in UTF-8 (it has ${bytes})` };
  if (LONE_SURROGATE.test(text)) return { error: 'text must be valid Unicode (no lone surrogates)' };
  if (CONTROL.test(text))
    return { error: 'text must not contain control characters (no tabs or line breaks)' };
  if (BIDI_OR_SEPARATOR.test(text)) {
    return {
      error:
        'text must not contain bidi controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) or line/paragraph separators',
    };
  }
  let clusters = 0;
  for (const { segment } of segmenter.segment(text)) {
    clusters++;
    if (clusters > CHAT_TEXT_MAX) return { error: `text must be at most ${CHAT_TEXT_MAX} characters` };
    const codePoints = [...segment].length;
    if (codePoints > CHAT_CLUSTER_MAX_CODE_POINTS) {
      return {
        error: `text must not have a character of more than ${CHAT_CLUSTER_MAX_CODE_POINTS} code points`,
      };
    }
  }
  let visible = false;
  for (const ch of text) {
    if (!INVISIBLE.test(ch)) {
      visible = true;
      break;
    }
  }
  if (!visible) return { error: 'text must contain something visible' };
  return { text };
}
