-- Ratings count what people did: only the humans who made a bid or call themselves in a round with an outcome
-- (the movers) are rated, the pair cap applies to them, and an established rating changes only beside another
-- established mover.
-- Every finished game the rating applier has passed: whether it counted and its movers (the pair cap counts a
-- counted game for each pair of its movers, also when one of them kept their rating). A game finished but not
-- listed here is not rated yet, whatever the cursor says.
CREATE TABLE "rating_games" (
    "game_id" UUID NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "counted" BOOLEAN NOT NULL,
    "movers" JSONB NOT NULL,

    CONSTRAINT "rating_games_pkey" PRIMARY KEY ("game_id")
);
CREATE INDEX "rating_games_finished_at_game_id_idx" ON "rating_games"("finished_at", "game_id");
ALTER TABLE "rating_games" ADD CONSTRAINT "rating_games_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every finished game is rated again under these rules: the rating applier replays them all in
-- (finished_at, id) order from an empty cursor, recording each change.
DELETE FROM "rating_changes";
DELETE FROM "ratings";
DELETE FROM "rating_cursor";
