-- CreateTable
CREATE TABLE "AlertRule" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "coinId" TEXT NOT NULL,
    "otherCoinId" TEXT,
    "coinSymbol" TEXT NOT NULL,
    "coinName" TEXT NOT NULL,
    "otherSymbol" TEXT,
    "otherName" TEXT,
    "direction" TEXT,
    "level" REAL NOT NULL,
    "armed" BOOLEAN NOT NULL DEFAULT true,
    "rearmAt" REAL,
    "crossing" INTEGER NOT NULL DEFAULT 0,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "lastFiredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AlertRule_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertFiring" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ruleId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "crossing" INTEGER NOT NULL,
    "firedAt" DATETIME NOT NULL,
    "message" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "value" REAL NOT NULL,
    "suppressed" TEXT,
    CONSTRAINT "AlertFiring_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "AlertRule" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertFiring_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertDelivery" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "firingId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "subscriptionId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "claimedBy" TEXT,
    "claimedUntil" DATETIME,
    "lastError" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AlertDelivery_firingId_fkey" FOREIGN KEY ("firingId") REFERENCES "AlertFiring" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertDelivery_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "PushSubscription" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PushSubscription" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PushSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "AlertRule_userId_createdAt_idx" ON "AlertRule"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "AlertRule_coinId_kind_otherCoinId_armed_direction_level_idx" ON "AlertRule"("coinId", "kind", "otherCoinId", "armed", "direction", "level");

-- CreateIndex
CREATE INDEX "AlertRule_coinId_kind_otherCoinId_armed_direction_rearmAt_idx" ON "AlertRule"("coinId", "kind", "otherCoinId", "armed", "direction", "rearmAt");

-- CreateIndex
CREATE INDEX "AlertRule_otherCoinId_kind_idx" ON "AlertRule"("otherCoinId", "kind");

-- CreateIndex
CREATE INDEX "AlertFiring_userId_firedAt_idx" ON "AlertFiring"("userId", "firedAt");

-- CreateIndex
CREATE UNIQUE INDEX "AlertFiring_ruleId_crossing_key" ON "AlertFiring"("ruleId", "crossing");

-- CreateIndex
CREATE INDEX "AlertDelivery_status_nextAttemptAt_idx" ON "AlertDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "AlertDelivery_firingId_target_key" ON "AlertDelivery"("firingId", "target");

-- CreateIndex
CREATE UNIQUE INDEX "PushSubscription_userId_endpoint_key" ON "PushSubscription"("userId", "endpoint");
