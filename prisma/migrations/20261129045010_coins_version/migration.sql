-- CreateTable
CREATE TABLE "CoinsVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "CoinsReadModel" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "version" INTEGER NOT NULL,
    "builtAt" DATETIME NOT NULL,
    "chunks" INTEGER NOT NULL,
    "head" TEXT NOT NULL,
    "listGzip" BLOB NOT NULL
);

-- CreateTable
CREATE TABLE "CoinsReadModelChunk" (
    "part" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" INTEGER NOT NULL,
    "body" TEXT NOT NULL
);

-- The one version row, seeded here so every database has it before its first write to Coin.
INSERT INTO "CoinsVersion" ("id", "version") VALUES (1, 0);

-- Every write to Coin moves the version, in the writer's own transaction: a trigger runs inside
-- the statement that fired it, so the bump commits or rolls back with the write, at every write
-- site (the pass, listings, renames, take-downs, the backfill, the admin CLI, a hand-written SQL
-- statement) without any of them having to remember it. One bump per row: a pass writing 5,062
-- coins moves it by 5,062, which costs a one-row update each; readers only compare it.
CREATE TRIGGER "Coin_insert_bumps_version" AFTER INSERT ON "Coin" FOR EACH ROW
BEGIN
    UPDATE "CoinsVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "Coin_update_bumps_version" AFTER UPDATE ON "Coin" FOR EACH ROW
BEGIN
    UPDATE "CoinsVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "Coin_delete_bumps_version" AFTER DELETE ON "Coin" FOR EACH ROW
BEGIN
    UPDATE "CoinsVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
