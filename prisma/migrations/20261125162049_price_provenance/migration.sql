-- AlterTable
ALTER TABLE "Coin" ADD COLUMN "provenance" TEXT;
