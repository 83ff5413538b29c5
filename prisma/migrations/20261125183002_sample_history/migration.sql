-- AlterTable
-- Added in place (SQLite adds a column with a constant default without copying the table): the
-- snapshots are the biggest table, and every existing row is real history (sample = false).
ALTER TABLE "PriceSnapshot" ADD COLUMN "sample" BOOLEAN NOT NULL DEFAULT false;
