-- Filters of the game list: by preset, and finished games by finishing time (the export's order too).
CREATE INDEX "games_preset_created_at_id_idx" ON "games"("preset", "created_at" DESC, "id" DESC);
CREATE INDEX "games_finished_at_id_idx" ON "games"("finished_at", "id");

-- OpenSkill ratings, one per player and preset.
CREATE TABLE "ratings" (
    "player_id" UUID NOT NULL,
    "preset" VARCHAR(20) NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "ordinal" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL,

    CONSTRAINT "ratings_pkey" PRIMARY KEY ("player_id","preset")
);
CREATE INDEX "ratings_preset_ordinal_player_id_idx" ON "ratings"("preset", "ordinal" DESC, "player_id");
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- How far the ratings have been applied: the last finished game rated, in (finished_at, id) order.
CREATE TABLE "rating_cursor" (
    "id" INTEGER NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "game_id" UUID,

    CONSTRAINT "rating_cursor_pkey" PRIMARY KEY ("id")
);
