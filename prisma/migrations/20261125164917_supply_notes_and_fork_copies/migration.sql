-- AlterTable
ALTER TABLE "Coin" ADD COLUMN "forkOf" TEXT;
ALTER TABLE "Coin" ADD COLUMN "supplyNote" TEXT;

-- On a database seeded before these columns (a fresh one gets them from the seed): HEX's supply
-- note, and the seed's PulseChain tokens that are copies of well-known Ethereum tokens.
UPDATE "Coin" SET "supplyNote" = 'Liquid HEX only: staked HEX is burned while staked and minted again when the stake ends, so it is not in totalSupply, nor in this market cap, while staked.' WHERE "id" = 'hex' AND "supplyNote" IS NULL;
UPDATE "Coin" SET "forkOf" = 'HEX' WHERE "chain" = 'pulsechain' AND "contractAddress" = '0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39';
UPDATE "Coin" SET "forkOf" = 'DAI' WHERE "chain" = 'pulsechain' AND "contractAddress" = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
UPDATE "Coin" SET "forkOf" = 'HDRN' WHERE "chain" = 'pulsechain' AND "contractAddress" = '0x3819f64f282bf135d62168C1e513280dAF905e06';
UPDATE "Coin" SET "forkOf" = 'ICSA' WHERE "chain" = 'pulsechain' AND "contractAddress" = '0xfc4913214444aF5c715cc9F7b52655e788A569ed';
UPDATE "Coin" SET "forkOf" = 'MAXI' WHERE "chain" = 'pulsechain' AND "contractAddress" = '0x0d86EB9f43C57f6FF3BC9E23D8F9d82503f0e84b';
