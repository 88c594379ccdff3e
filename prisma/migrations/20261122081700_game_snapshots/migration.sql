-- Full game states every few hundred events (src/store/game-snapshots.repository.ts): a replay of a long
-- game's log from some seq starts from the nearest one instead of the first event. They hold secret dice,
-- like games.state, and never leave the server.
-- CreateTable
CREATE TABLE "game_snapshots" (
    "game_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "state" JSONB NOT NULL,

    CONSTRAINT "game_snapshots_pkey" PRIMARY KEY ("game_id","seq")
);

-- AddForeignKey
ALTER TABLE "game_snapshots" ADD CONSTRAINT "game_snapshots_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- As for games.state: lz4 compresses these large values several times faster than pglz, where available.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE "game_snapshots" ALTER COLUMN "state" SET COMPRESSION lz4;
  END IF;
END $$;
