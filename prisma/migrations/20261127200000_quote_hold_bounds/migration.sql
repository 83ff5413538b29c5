-- AlterTable
-- The client that asked for a quote (a keyed hash of its IP), for the bound on days unpaid quotes hold (issue 38).
ALTER TABLE "ListingOrder" ADD COLUMN "quoteClient" TEXT;

-- CreateIndex
CREATE INDEX "ListingOrder_quoteClient_idx" ON "ListingOrder"("quoteClient");
