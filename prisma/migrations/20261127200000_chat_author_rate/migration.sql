-- A player's chat rate across all games: their messages of the last minute, found by author and time.
CREATE INDEX "chat_messages_author_id_at_idx" ON "chat_messages"("author_id", "at");
