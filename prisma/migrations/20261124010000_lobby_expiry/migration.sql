-- The lobby expiry looks for games left in LOBBY, the longest unchanged first.
CREATE INDEX "games_status_updated_at_idx" ON "games"("status", "updated_at");
