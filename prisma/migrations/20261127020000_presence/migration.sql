-- Presence: which players have a live subscription on which API process. Not game state: rows come and go
-- with sockets; a process that stops beating its heart has its connections expired by the others.
CREATE TABLE "presence_processes" (
    "id" UUID NOT NULL,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "presence_processes_pkey" PRIMARY KEY ("id")
);

-- One row per (process, player, game) with at least one live subscription there; game_id is the nil UUID for
-- a playerEvents subscription (connected to every game of the player).
CREATE TABLE "presence_connections" (
    "process_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "connected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "presence_connections_pkey" PRIMARY KEY ("process_id", "player_id", "game_id")
);

CREATE INDEX "presence_connections_player_id_game_id_idx" ON "presence_connections"("player_id", "game_id");

-- When a player's last connection of that kind (to one game, or the nil UUID for playerEvents) ended.
CREATE TABLE "presence_disconnects" (
    "player_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "presence_disconnects_pkey" PRIMARY KEY ("player_id", "game_id")
);
