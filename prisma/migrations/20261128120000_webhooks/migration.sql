-- Webhook endpoints a player registered, and the outbox of their deliveries: a delivery row is written in the
-- same transaction as the change that causes it, and sent (then retried) by whichever process claims it.
CREATE TABLE "webhooks" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "owner_id" UUID NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "events" TEXT[] NOT NULL,
    "description" VARCHAR(200),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" VARCHAR(300),
    "secret" VARCHAR(100) NOT NULL,
    "previous_secret" VARCHAR(100),
    "previous_secret_until" TIMESTAMPTZ(3),
    "failing_since" TIMESTAMPTZ(3),
    "idempotency_key" VARCHAR(128),
    "rotation_key" VARCHAR(128),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhooks_owner_id_idx" ON "webhooks"("owner_id");
CREATE UNIQUE INDEX "webhooks_owner_id_idempotency_key_key" ON "webhooks"("owner_id", "idempotency_key");
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "webhook_id" UUID NOT NULL,
    -- The webhook-id header: one per event and endpoint, the same on every attempt.
    "message_id" VARCHAR(40) NOT NULL,
    "event_type" VARCHAR(40) NOT NULL,
    "game_id" UUID,
    "game_version" INTEGER,
    "challenge_id" UUID,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    -- The body, fixed at the first attempt so that every attempt sends the same bytes.
    "body" TEXT,
    "status" VARCHAR(10) NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    -- Failed attempts since the last (re)delivery: where it is in the retry schedule.
    "schedule_step" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "response_status" INTEGER,
    "duration_ms" INTEGER,
    "last_error" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_deliveries_message_id_key" ON "webhook_deliveries"("message_id");
CREATE INDEX "webhook_deliveries_webhook_id_created_at_id_idx" ON "webhook_deliveries"("webhook_id", "created_at" DESC, "id" DESC);
-- The worker's queue (what is still to be sent, by when it is due), and the retention's (by age).
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
