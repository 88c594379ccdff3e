-- Idempotency records are kept for a bounded time (src/store/idempotency-janitor.ts): the janitor deletes
-- them by age, which without this index would scan the whole table on every batch.
-- CreateIndex
CREATE INDEX "idempotency_records_created_at_idx" ON "idempotency_records"("created_at");
