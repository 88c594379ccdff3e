-- Accounts: token rotation and the rating changes each counted game made.
-- A rotation sent with an idempotency key is recorded under the token it replaced, so that a retry with
-- that token and key within the retention period gets the same new token (sealed under the key).
CREATE TABLE "token_rotations" (
    "old_token_hash" CHAR(64) NOT NULL,
    "player_id" UUID NOT NULL,
    "key_hash" CHAR(64) NOT NULL,
    "salt" BYTEA NOT NULL,
    "sealed_token" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "token_rotations_pkey" PRIMARY KEY ("old_token_hash")
);
CREATE INDEX "token_rotations_created_at_idx" ON "token_rotations"("created_at");
CREATE INDEX "token_rotations_player_id_idx" ON "token_rotations"("player_id");
ALTER TABLE "token_rotations" ADD CONSTRAINT "token_rotations_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The change a counted game made to each of its rated players' rating (before: null for the first game).
CREATE TABLE "rating_changes" (
    "game_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "preset" VARCHAR(20) NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "mu_before" DOUBLE PRECISION,
    "sigma_before" DOUBLE PRECISION,
    "games_before" INTEGER NOT NULL,
    "mu_after" DOUBLE PRECISION NOT NULL,
    "sigma_after" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "rating_changes_pkey" PRIMARY KEY ("game_id", "player_id")
);
CREATE INDEX "rating_changes_player_id_preset_finished_at_game_id_idx" ON "rating_changes"("player_id", "preset", "finished_at" DESC, "game_id" DESC);
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every finished game is rated again under the new rules (bots unrated, the counting rule, pair cap): the
-- rating applier replays them all in (finished_at, id) order from an empty cursor, recording each change.
DELETE FROM "ratings";
DELETE FROM "rating_cursor";
