-- AlterTable
ALTER TABLE "games" ADD COLUMN     "turn_deadline" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "games_turn_deadline_idx" ON "games"("turn_deadline");
