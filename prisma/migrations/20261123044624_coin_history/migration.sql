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
    "priceUpdatedAt" DATETIME,
    "lowLiquidity" BOOLEAN NOT NULL DEFAULT false,
    "pendingPrice" REAL,
    "pendingSince" DATETIME,
    "athPrice" REAL,
    "athMarketCap" REAL,
    "athAt" DATETIME,
    "athMarketCapAt" DATETIME,
    "athMarketCapEstimated" BOOLEAN NOT NULL DEFAULT false,
    "historyBackfilledAt" DATETIME,
    "listedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
-- Until now only the price high carried a date; the two highs were set together, so it is the
-- market-cap high's best date too.
INSERT INTO "new_Coin" ("athMarketCapAt", "athAt", "athMarketCap", "athPrice", "burnAddresses", "chain", "circulatingSupply", "contractAddress", "currentPrice", "decimals", "id", "liquidityUsd", "listedAt", "logoUrl", "lowLiquidity", "marketCap", "name", "pendingPrice", "pendingSince", "priceChange24h", "priceSource", "priceUpdatedAt", "quoteId", "quoteSource", "rank", "symbol", "tags", "updatedAt") SELECT "athAt", "athAt", "athMarketCap", "athPrice", "burnAddresses", "chain", "circulatingSupply", "contractAddress", "currentPrice", "decimals", "id", "liquidityUsd", "listedAt", "logoUrl", "lowLiquidity", "marketCap", "name", "pendingPrice", "pendingSince", "priceChange24h", "priceSource", "priceUpdatedAt", "quoteId", "quoteSource", "rank", "symbol", "tags", "updatedAt" FROM "Coin";
DROP TABLE "Coin";
ALTER TABLE "new_Coin" RENAME TO "Coin";
CREATE INDEX "Coin_rank_idx" ON "Coin"("rank");
CREATE INDEX "Coin_listedAt_idx" ON "Coin"("listedAt");
CREATE INDEX "Coin_priceUpdatedAt_idx" ON "Coin"("priceUpdatedAt");
CREATE UNIQUE INDEX "Coin_chain_contractAddress_key" ON "Coin"("chain", "contractAddress");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
