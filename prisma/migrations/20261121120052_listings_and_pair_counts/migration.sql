-- CreateTable
CREATE TABLE "PairCount" (
    "coin1Id" TEXT NOT NULL,
    "coin2Id" TEXT NOT NULL,
    "comparisons" INTEGER NOT NULL DEFAULT 0,
    "saves" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("coin1Id", "coin2Id"),
    CONSTRAINT "PairCount_coin1Id_fkey" FOREIGN KEY ("coin1Id") REFERENCES "Coin" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PairCount_coin2Id_fkey" FOREIGN KEY ("coin2Id") REFERENCES "Coin" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Coin" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "symbol" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "logoUrl" TEXT,
    "currentPrice" REAL NOT NULL,
    "marketCap" REAL NOT NULL,
    "priceChange24h" REAL,
    "rank" INTEGER NOT NULL,
    "chain" TEXT NOT NULL,
    "contractAddress" TEXT,
    "circulatingSupply" REAL,
    "decimals" INTEGER,
    "tags" TEXT NOT NULL DEFAULT '',
    "burnAddresses" TEXT,
    "priceSource" TEXT NOT NULL DEFAULT 'snapshot',
    "quoteSource" TEXT,
    "quoteId" TEXT,
    "liquidityUsd" REAL,
    "listedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Coin" ("chain", "circulatingSupply", "contractAddress", "currentPrice", "id", "liquidityUsd", "listedAt", "logoUrl", "marketCap", "name", "priceChange24h", "priceSource", "quoteId", "quoteSource", "rank", "symbol", "updatedAt") SELECT "chain", "circulatingSupply", "contractAddress", "currentPrice", "id", "liquidityUsd", "listedAt", "logoUrl", "marketCap", "name", "priceChange24h", "priceSource", "quoteId", "quoteSource", "rank", "symbol", "updatedAt" FROM "Coin";
DROP TABLE "Coin";
ALTER TABLE "new_Coin" RENAME TO "Coin";
CREATE INDEX "Coin_rank_idx" ON "Coin"("rank");
CREATE INDEX "Coin_listedAt_idx" ON "Coin"("listedAt");
CREATE UNIQUE INDEX "Coin_chain_contractAddress_key" ON "Coin"("chain", "contractAddress");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
