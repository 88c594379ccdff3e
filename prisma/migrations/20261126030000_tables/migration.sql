-- Tables: visibility and options the listings and ratings filter on, the quick-play kind a table was made
-- for, and the link from a rematch to the game it follows (unique: a game has one rematch).
CREATE TYPE "GameVisibility" AS ENUM ('PUBLIC', 'PRIVATE');

ALTER TABLE "games" ADD COLUMN "visibility" "GameVisibility" NOT NULL DEFAULT 'PUBLIC';
ALTER TABLE "games" ADD COLUMN "rated" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "games" ADD COLUMN "allow_spectators" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "games" ADD COLUMN "quick_play_key" VARCHAR(40);
ALTER TABLE "games" ADD COLUMN "previous_game_id" UUID;

CREATE UNIQUE INDEX "games_previous_game_id_key" ON "games"("previous_game_id");
CREATE INDEX "games_quick_play_key_status_created_at_idx" ON "games"("quick_play_key", "status", "created_at");
ALTER TABLE "games" ADD CONSTRAINT "games_previous_game_id_fkey" FOREIGN KEY ("previous_game_id") REFERENCES "games"("id") ON DELETE SET NULL ON UPDATE CASCADE;
