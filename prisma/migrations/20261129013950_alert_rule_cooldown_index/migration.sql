-- DropIndex
DROP INDEX "AlertRule_coinId_kind_otherCoinId_armed_direction_level_idx";

-- CreateIndex
CREATE INDEX "AlertRule_coinId_kind_otherCoinId_armed_direction_level_lastFiredAt_idx" ON "AlertRule"("coinId", "kind", "otherCoinId", "armed", "direction", "level", "lastFiredAt");
