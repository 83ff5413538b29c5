-- AlterTable
-- A token whose own contract keeps failing the read is quarantined (lib/market/quarantine.ts).
-- Added in place: constant defaults, no table copy.
ALTER TABLE "Coin" ADD COLUMN "contractFailures" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Coin" ADD COLUMN "contractFailedAt" DATETIME;
ALTER TABLE "Coin" ADD COLUMN "contractFailureReason" TEXT;
ALTER TABLE "Coin" ADD COLUMN "quarantinedAt" DATETIME;
