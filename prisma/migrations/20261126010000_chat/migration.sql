-- Table chat: each game's messages in its own sequence from 1 (the key), and who muted whom.
CREATE TYPE "Emote" AS ENUM ('GOOD_GAME', 'WELL_PLAYED', 'NICE_BID', 'LIAR', 'OOPS', 'THINKING', 'LAUGH', 'WOW');

CREATE TABLE "chat_messages" (
    "game_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "author_id" UUID NOT NULL,
    "seat" INTEGER,
    "text" TEXT,
    "emote" "Emote",
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("game_id", "seq")
);

CREATE INDEX "chat_messages_game_id_author_id_at_idx" ON "chat_messages"("game_id", "author_id", "at");

ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "player_mutes" (
    "player_id" UUID NOT NULL,
    "muted_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "player_mutes_pkey" PRIMARY KEY ("player_id", "muted_id")
);

ALTER TABLE "player_mutes" ADD CONSTRAINT "player_mutes_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "player_mutes" ADD CONSTRAINT "player_mutes_muted_id_fkey" FOREIGN KEY ("muted_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
