// What an account change tells the other API processes: a player's token or name changed.
import type { Codec } from '../realtime/bus-channel';

/** The notice of a change to a player's token or name; `nonce` lets the sender see its own notice come back. */
export interface AccountNotice {
  readonly playerId: string;
  readonly nonce: string;
}

/** How an account notice travels on the bus's `account` channel. */
export const ACCOUNT_NOTICE: Codec<AccountNotice> = {
  encode: (n) => `${n.playerId}:${n.nonce}`,
  decode(text) {
    const m = /^([0-9a-f-]{36}):([A-Za-z0-9_-]{1,64})$/.exec(text);
    return m ? { playerId: m[1]!, nonce: m[2]! } : null;
  },
};
