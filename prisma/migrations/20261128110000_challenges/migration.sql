-- Direct challenges: a private lobby game made for invited players, whose seats stay held for them while they
-- have not answered; each player's challenge policy and blocks.
CREATE TYPE "ChallengeStatus" AS ENUM ('OPEN', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'CANCELLED');
CREATE TYPE "ChallengePolicy" AS ENUM ('EVERYONE', 'PLAYED_WITH', 'NOBODY');

CREATE TABLE "challenges" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "challenger_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "message" TEXT,
    "status" "ChallengeStatus" NOT NULL DEFAULT 'OPEN',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "challenges_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "challenges_game_id_key" ON "challenges"("game_id");
CREATE INDEX "challenges_challenger_id_created_at_idx" ON "challenges"("challenger_id", "created_at");
CREATE INDEX "challenges_status_expires_at_idx" ON "challenges"("status", "expires_at");

ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenger_id_fkey" FOREIGN KEY ("challenger_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "challenge_invitees" (
    "challenge_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "status" "ChallengeStatus" NOT NULL DEFAULT 'OPEN',
    "answered_at" TIMESTAMPTZ(3),

    CONSTRAINT "challenge_invitees_pkey" PRIMARY KEY ("challenge_id", "player_id")
);

CREATE INDEX "challenge_invitees_player_id_status_idx" ON "challenge_invitees"("player_id", "status");

ALTER TABLE "challenge_invitees" ADD CONSTRAINT "challenge_invitees_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "challenge_invitees" ADD CONSTRAINT "challenge_invitees_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "held_seats" (
    "game_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,

    CONSTRAINT "held_seats_pkey" PRIMARY KEY ("game_id", "player_id")
);

ALTER TABLE "held_seats" ADD CONSTRAINT "held_seats_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "held_seats" ADD CONSTRAINT "held_seats_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "player_blocks" (
    "blocker_id" UUID NOT NULL,
    "blocked_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "player_blocks_pkey" PRIMARY KEY ("blocker_id", "blocked_id")
);

ALTER TABLE "player_blocks" ADD CONSTRAINT "player_blocks_blocker_id_fkey" FOREIGN KEY ("blocker_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "player_blocks" ADD CONSTRAINT "player_blocks_blocked_id_fkey" FOREIGN KEY ("blocked_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "challenge_policies" (
    "player_id" UUID NOT NULL,
    "policy" "ChallengePolicy" NOT NULL DEFAULT 'EVERYONE',

    CONSTRAINT "challenge_policies_pkey" PRIMARY KEY ("player_id")
);

ALTER TABLE "challenge_policies" ADD CONSTRAINT "challenge_policies_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
