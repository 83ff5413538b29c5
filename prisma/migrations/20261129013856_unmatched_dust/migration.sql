-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_UnmatchedTransfer" (
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
    "handledBy" TEXT,
    "dust" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_UnmatchedTransfer" ("blockNumber", "createdAt", "fromAddress", "handledAt", "handledBy", "id", "minedAt", "reason", "toAddress", "txHash", "valueWei") SELECT "blockNumber", "createdAt", "fromAddress", "handledAt", "handledBy", "id", "minedAt", "reason", "toAddress", "txHash", "valueWei" FROM "UnmatchedTransfer";
DROP TABLE "UnmatchedTransfer";
ALTER TABLE "new_UnmatchedTransfer" RENAME TO "UnmatchedTransfer";
CREATE UNIQUE INDEX "UnmatchedTransfer_txHash_key" ON "UnmatchedTransfer"("txHash");
CREATE INDEX "UnmatchedTransfer_dust_handledAt_blockNumber_idx" ON "UnmatchedTransfer"("dust", "handledAt", "blockNumber");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
