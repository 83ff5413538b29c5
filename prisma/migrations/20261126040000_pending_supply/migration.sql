-- AlterTable
-- A circulating supply held back for the next pass to confirm (lib/market/publish.ts decideSupply).
ALTER TABLE "Coin" ADD COLUMN "pendingSupply" REAL;
ALTER TABLE "Coin" ADD COLUMN "pendingSupplySince" DATETIME;
