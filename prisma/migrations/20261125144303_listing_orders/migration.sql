-- AlterTable
ALTER TABLE "FeaturedComparison" ADD COLUMN "orderId" INTEGER;

-- CreateTable
CREATE TABLE "ListingOrder" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'quoted',
    "tokenAddress" TEXT NOT NULL,
    "tokenName" TEXT NOT NULL,
    "tokenSymbol" TEXT NOT NULL,
    "plan" TEXT,
    "slotDays" INTEGER,
    "slotStartsOn" DATETIME,
    "slotAgainstId" TEXT,
    "logoUrl" TEXT,
    "links" TEXT NOT NULL DEFAULT '[]',
    "priceUsd" INTEGER NOT NULL,
    "plsUsd" REAL NOT NULL,
    "amountWei" TEXT NOT NULL,
    "payTo" TEXT NOT NULL,
    "quoteExpiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paymentTx" TEXT,
    "paidWei" TEXT,
    "paidAt" DATETIME,
    "statusReason" TEXT,
    "coinId" TEXT,
    CONSTRAINT "ListingOrder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SlotHold" (
    "day" DATETIME NOT NULL,
    "seat" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "expiresAt" DATETIME,

    PRIMARY KEY ("day", "seat"),
    CONSTRAINT "SlotHold_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "ListingOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ListingOrder_paymentTx_key" ON "ListingOrder"("paymentTx");

-- CreateIndex
CREATE INDEX "ListingOrder_userId_createdAt_idx" ON "ListingOrder"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "ListingOrder_status_quoteExpiresAt_idx" ON "ListingOrder"("status", "quoteExpiresAt");

-- CreateIndex
CREATE INDEX "SlotHold_orderId_idx" ON "SlotHold"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "FeaturedComparison_orderId_key" ON "FeaturedComparison"("orderId");
