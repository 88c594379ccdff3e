// The columns of a stored chat message, read alike by the chat's repository and by the export of games.

/** A stored chat message, as read with CHAT_COLUMNS. */
export interface ChatRow {
  game_id: string;
  seq: number;
  author_id: string;
  seat: number | null;
  text: string | null;
  emote: string | null;
  at: Date;
}

export const CHAT_COLUMNS = `game_id::text AS game_id, seq, author_id::text AS author_id, seat, text, emote::text AS emote, at`;
