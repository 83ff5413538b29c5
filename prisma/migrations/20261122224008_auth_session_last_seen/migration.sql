-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AuthSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuthSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Sessions open at deploy time count as seen now (their idle clock starts with this migration),
-- written in the text form Prisma writes ("2026-11-22T22:40:08.000+00:00"), not the column
-- default's "2026-11-22 22:40:08": SQLite compares the two as text, so a mix would sort wrong.
INSERT INTO "new_AuthSession" ("createdAt", "expiresAt", "id", "userId", "lastSeenAt") SELECT "createdAt", "expiresAt", "id", "userId", strftime('%Y-%m-%dT%H:%M:%S.000+00:00', 'now') FROM "AuthSession";
DROP TABLE "AuthSession";
ALTER TABLE "new_AuthSession" RENAME TO "AuthSession";
CREATE INDEX "AuthSession_userId_idx" ON "AuthSession"("userId");
CREATE INDEX "AuthSession_expiresAt_idx" ON "AuthSession"("expiresAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
