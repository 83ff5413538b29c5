-- CreateTable
CREATE TABLE "PoolObservation" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "cumulative" TEXT NOT NULL,
    "blockTime" INTEGER NOT NULL
);
