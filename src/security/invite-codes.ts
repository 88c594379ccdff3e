// Invite codes of private games, drawn from a CSPRNG (the engine compares them: inviteCodeMatches).
import { randomInt } from 'node:crypto';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '../engine';

/**
 * A new invite code: INVITE_CODE_LENGTH (10) characters of a 32-letter alphabet, each drawn uniformly by
 * the operating system's CSPRNG: 50 bits, about 1.1e15 codes.
 */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}
