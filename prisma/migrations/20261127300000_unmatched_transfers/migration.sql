-- CreateTable
-- Transfers to a payment address that paid no order, for the operator queue (issue 38, item 4).
CREATE TABLE "UnmatchedTransfer" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "txHash" TEXT NOT NULL,
    "fromAddress" TEXT,
    "toAddress" TEXT NOT NULL,
    "valueWei" TEXT NOT NULL,
    "blockNumber" INTEGER NOT NULL,
    "minedAt" DATETIME NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "handledAt" DATETIME,
    "handledBy" TEXT
);

-- CreateIndex
CREATE UNIQUE INDEX "UnmatchedTransfer_txHash_key" ON "UnmatchedTransfer"("txHash");

-- CreateIndex
CREATE INDEX "UnmatchedTransfer_handledAt_blockNumber_idx" ON "UnmatchedTransfer"("handledAt", "blockNumber");
