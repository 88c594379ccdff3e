-- Who created each game, kept when the host changes: a game its creator left keeps counting against the
-- creator's open-games cap until it ends (store/seat-cap.ts). Existing games take it from their creation event.
ALTER TABLE "games" ADD COLUMN "created_by" UUID;

UPDATE "games" g SET "created_by" = (e."payload"->>'host')::uuid
  FROM "game_events" e
 WHERE e."game_id" = g."id" AND e."type" = 'GAME_CREATED';

CREATE INDEX "games_created_by_status_idx" ON "games"("created_by", "status");
