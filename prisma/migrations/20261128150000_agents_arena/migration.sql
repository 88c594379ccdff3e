-- Programs that play: agent accounts a person owns, tables that refuse them, the arena's tables, and the
-- server bots the arena seats as fixed references of its rating pool.
ALTER TABLE "players" ADD COLUMN "owner_id" UUID;
-- A retired agent's tokens no longer work; its games and ratings stay.
ALTER TABLE "players" ADD COLUMN "retired_at" TIMESTAMPTZ(3);
-- One of the arena's reference bots (one per level): rated among agents, as anchors of their pool.
ALTER TABLE "players" ADD COLUMN "arena_reference" "BotLevel";
CREATE INDEX "players_owner_id_idx" ON "players"("owner_id");
CREATE UNIQUE INDEX "players_arena_reference_key" ON "players"("arena_reference");
ALTER TABLE "players" ADD CONSTRAINT "players_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "games" ADD COLUMN "allow_agents" BOOLEAN NOT NULL DEFAULT true;
-- "<preset>:<seats>:<turnSeconds>" for a table made by the arena; null otherwise.
ALTER TABLE "games" ADD COLUMN "arena_key" VARCHAR(40);
CREATE INDEX "games_arena_key_status_created_at_idx" ON "games"("arena_key", "status", "created_at");
