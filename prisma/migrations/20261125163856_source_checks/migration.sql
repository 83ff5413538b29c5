-- AlterTable
ALTER TABLE "Coin" ADD COLUMN "sourceCheck" TEXT;
ALTER TABLE "Coin" ADD COLUMN "sourceCheckedAt" DATETIME;
ALTER TABLE "Coin" ADD COLUMN "sourcesDisagree" BOOLEAN NOT NULL DEFAULT false;
