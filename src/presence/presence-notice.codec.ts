// What presence tells the other API processes: a player whose connections changed.
import type { Codec } from '../realtime/bus-channel';

/** A player whose presence changed: every process reads the player's seats again. */
export const PRESENCE_NOTICE: Codec<string> = {
  encode: (playerId) => playerId,
  decode: (text) => (/^\S{1,64}$/.test(text) ? text : null),
};
