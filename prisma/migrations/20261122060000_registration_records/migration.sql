-- A registerPlayer retried with the same idempotencyKey returns the first player and token
-- (src/store/player.repository.ts). The token is stored sealed under a key derived from the idempotencyKey,
-- never in clear; records are deleted by age like idempotency_records (src/store/idempotency-janitor.ts).
-- CreateTable
CREATE TABLE "registration_records" (
    "key_hash" CHAR(64) NOT NULL,
    "player_id" UUID NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "salt" BYTEA NOT NULL,
    "sealed_token" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "registration_records_pkey" PRIMARY KEY ("key_hash")
);

-- CreateIndex
CREATE INDEX "registration_records_created_at_idx" ON "registration_records"("created_at");

-- AddForeignKey
ALTER TABLE "registration_records" ADD CONSTRAINT "registration_records_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
