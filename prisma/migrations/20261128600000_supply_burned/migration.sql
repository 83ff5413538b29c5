-- The burn addresses' balances kept with each supply reading: the "total supply" basis (issue 43).
ALTER TABLE "PulseXPoolCache" ADD COLUMN "supplyBurnedRaw" TEXT;
