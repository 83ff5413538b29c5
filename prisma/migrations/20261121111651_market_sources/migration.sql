-- AlterTable
ALTER TABLE "Coin" ADD COLUMN "liquidityUsd" REAL;
ALTER TABLE "Coin" ADD COLUMN "quoteId" TEXT;
ALTER TABLE "Coin" ADD COLUMN "quoteSource" TEXT;

-- CreateTable
CREATE TABLE "RefreshLease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL
);
