-- DropIndex
DROP INDEX "AlertRule_otherCoinId_kind_idx";

-- CreateIndex
CREATE INDEX "AlertRule_otherCoinId_kind_coinId_idx" ON "AlertRule"("otherCoinId", "kind", "coinId");
