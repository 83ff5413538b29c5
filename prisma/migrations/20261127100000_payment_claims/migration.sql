-- AlterTable
-- A payment claim's nonce and times: a replaced or dropped payment is released (issue 38, item 1).
ALTER TABLE "ListingOrder" ADD COLUMN "paymentNonce" INTEGER;
ALTER TABLE "ListingOrder" ADD COLUMN "paymentClaimedAt" DATETIME;
ALTER TABLE "ListingOrder" ADD COLUMN "paymentCheckedAt" DATETIME;

-- CreateIndex
CREATE INDEX "ListingOrder_status_paymentCheckedAt_idx" ON "ListingOrder"("status", "paymentCheckedAt");
