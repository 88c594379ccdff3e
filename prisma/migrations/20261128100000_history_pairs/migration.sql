-- Finishing orders of many games at once (head-to-head records, places, the export, ratings): the few events
-- they are read from, found by game and type instead of walking each game's whole log.
CREATE INDEX "game_events_game_id_type_seq_idx" ON "game_events"("game_id", "type", "seq");
