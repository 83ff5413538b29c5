-- CreateTable
CREATE TABLE "Coin" (
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
    "priceSource" TEXT NOT NULL DEFAULT 'snapshot',
    "listedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PriceSnapshot" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "coinId" TEXT NOT NULL,
    "price" REAL NOT NULL,
    "marketCap" REAL NOT NULL,
    "takenAt" DATETIME NOT NULL,
    CONSTRAINT "PriceSnapshot_coinId_fkey" FOREIGN KEY ("coinId") REFERENCES "Coin" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FeaturedComparison" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "coin1Id" TEXT NOT NULL,
    "coin2Id" TEXT NOT NULL,
    "isPromoted" BOOLEAN NOT NULL DEFAULT false,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FeaturedComparison_coin1Id_fkey" FOREIGN KEY ("coin1Id") REFERENCES "Coin" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FeaturedComparison_coin2Id_fkey" FOREIGN KEY ("coin2Id") REFERENCES "Coin" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "address" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "WatchlistEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "coinId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WatchlistEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WatchlistEntry_coinId_fkey" FOREIGN KEY ("coinId") REFERENCES "Coin" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SavedComparison" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "coin1Id" TEXT NOT NULL,
    "coin2Id" TEXT NOT NULL,
    "savedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SavedComparison_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SavedComparison_coin1Id_fkey" FOREIGN KEY ("coin1Id") REFERENCES "Coin" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SavedComparison_coin2Id_fkey" FOREIGN KEY ("coin2Id") REFERENCES "Coin" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Coin_rank_idx" ON "Coin"("rank");

-- CreateIndex
CREATE INDEX "Coin_listedAt_idx" ON "Coin"("listedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Coin_chain_contractAddress_key" ON "Coin"("chain", "contractAddress");

-- CreateIndex
CREATE INDEX "PriceSnapshot_coinId_takenAt_idx" ON "PriceSnapshot"("coinId", "takenAt");

-- CreateIndex
CREATE INDEX "FeaturedComparison_startsAt_endsAt_idx" ON "FeaturedComparison"("startsAt", "endsAt");

-- CreateIndex
CREATE UNIQUE INDEX "User_address_key" ON "User"("address");

-- CreateIndex
CREATE UNIQUE INDEX "WatchlistEntry_userId_coinId_key" ON "WatchlistEntry"("userId", "coinId");

-- CreateIndex
CREATE INDEX "SavedComparison_userId_savedAt_idx" ON "SavedComparison"("userId", "savedAt");
