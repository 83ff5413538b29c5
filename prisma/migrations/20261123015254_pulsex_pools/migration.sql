-- CreateTable
CREATE TABLE "PulseXPoolCache" (
    "token" TEXT NOT NULL PRIMARY KEY,
    "decimals" INTEGER NOT NULL,
    "pools" TEXT NOT NULL,
    "discoveredAt" DATETIME NOT NULL,
    "supplyRaw" TEXT,
    "supplyBurnKey" TEXT,
    "supplyReadAt" DATETIME
);
