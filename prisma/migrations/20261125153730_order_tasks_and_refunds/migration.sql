-- AlterTable
ALTER TABLE "ListingOrder" ADD COLUMN "refundTx" TEXT;
ALTER TABLE "ListingOrder" ADD COLUMN "refundedWei" TEXT;

-- CreateTable
CREATE TABLE "OrderTask" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "doneAt" DATETIME,
    "doneBy" TEXT,
    CONSTRAINT "OrderTask_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "ListingOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "OrderTask_orderId_kind_seq_key" ON "OrderTask"("orderId", "kind", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "ListingOrder_refundTx_key" ON "ListingOrder"("refundTx");
