// What the table chat tells the other API processes: a game's new message, a player's mutes changed.
import type { Codec } from '../realtime/bus-channel';

/** A message committed in a game: its seq (the other processes read it from the table). */
export interface ChatNotice {
  readonly gameId: string;
  readonly seq: number;
}

export const CHAT_NOTICE: Codec<ChatNotice> = {
  encode: (n) => `${n.seq}|${n.gameId}`,
  decode(text) {
    const m = /^(\d{1,15})\|([0-9a-f-]{36})$/.exec(text);
    return m ? { gameId: m[2]!, seq: Number(m[1]) } : null;
  },
};

/** A player whose mutes changed: the other processes read them again. */
export const MUTE_NOTICE: Codec<string> = {
  encode: (playerId) => playerId,
  decode: (text) => (/^[0-9a-f-]{36}$/.test(text) ? text : null),
};
