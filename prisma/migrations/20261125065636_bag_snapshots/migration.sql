-- CreateTable
CREATE TABLE "BagSnapshot" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "takenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "totalToday" REAL NOT NULL,
    "totalAtHighs" REAL NOT NULL,
    "fingerprint" TEXT NOT NULL,
    CONSTRAINT "BagSnapshot_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "BagSnapshot_userId_takenAt_idx" ON "BagSnapshot"("userId", "takenAt");

-- CreateIndex
CREATE UNIQUE INDEX "BagSnapshot_userId_fingerprint_key" ON "BagSnapshot"("userId", "fingerprint");
