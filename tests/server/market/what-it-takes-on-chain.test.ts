// What a target price would take, performed: a real refresh pass reads the coin's PulseX pools on
// the local chain (tests/chain/contracts/PulseXLike.sol: constant product, 0.3% fee) into the
// coin's provenance, lib/coins/what-it-takes.ts works out each pool's share of the buying for a
// target, the test buys exactly that through each pool with real swaps, and reads the prices the
// pools reach: within 1% of the target (the pools' fee keeps them a little under it).
import { formatUnits, parseAbi, type Address } from "viem";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { createPrismaObservationStore } from "@/lib/market/onchain/prisma-observation-store.server";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import { parseProvenance, type DepthPoolReading } from "@/lib/coins/provenance-schema";
import { netBuyingToReach, poolBuyingUsd } from "@/lib/coins/what-it-takes";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(180_000);

const { db } = useTestDatabase({ seed: true });

const PAIR_ABI = parseAbi(["function getReserves() view returns (uint112, uint112, uint32)", "function token0() view returns (address)"]);

let chain: LocalChain;
let contracts: PulseXContracts;
let single: Address; // one pool: 2,000,000 SOLO against 1,000,000 DAI ($0.50)
let double: Address; // two pools at $0.25: 400,000 DUO / 100,000 DAI on V1, 600,000 DUO / 500,000,000 WPLS ($150,000) on V2

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, usdc, factoryV1, factoryV2, multicall3 } = chain.contracts;
  contracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai, usdc], multicall3, baseTokens: [] };
  // WPLS at $0.0003 from two stablecoin pools that agree.
  await chain.addLiquidity(factoryV1, dai, "60000", wpls, "200000000");
  await chain.addLiquidity(factoryV2, usdc, "30000", wpls, "100000000");
  single = await chain.deployToken("Solo", "SOLO", 18, "1000000000");
  await chain.addLiquidity(factoryV1, single, "2000000", dai, "1000000");
  double = await chain.deployToken("Duo", "DUO", 18, "1000000000");
  await chain.addLiquidity(factoryV1, double, "400000", dai, "100000");
  await chain.addLiquidity(factoryV2, double, "600000", wpls, "500000000");
});

afterAll(() => chain?.stop());

/** Only these seed coins are refreshed, each standing for a local token. */
async function priceOnly(coins: Record<string, Address>) {
  await db().coin.updateMany({ data: { quoteSource: null } });
  for (const [id, token] of Object.entries(coins)) {
    await db().coin.update({
      where: { id },
      data: { quoteSource: "pulsex", quoteId: token, contractAddress: token, burnAddresses: null, priceSource: "pulsex", pendingPrice: null, pendingSince: null },
    });
  }
  const source = createPulseXSource({ client: createPulseChainClient(chain.rpcUrl, { retries: 0 }), contracts, observations: createPrismaObservationStore(db()) });
  await runRefreshPass(db(), [source], { log: () => {} });
}

async function poolsOf(id: string): Promise<{ price: number; pools: DepthPoolReading[] }> {
  const coin = await db().coin.findUniqueOrThrow({ where: { id } });
  const provenance = parseProvenance(coin.provenance);
  if (provenance?.source !== "pulsex" || !provenance.pools) throw new Error(`${id} has no pools in its provenance: ${coin.provenance}`);
  return { price: coin.currentPrice, pools: provenance.pools };
}

/** The pool's USD price of `token` now: its reserves (both sides 18 decimals here) times the base's USD price. */
async function poolPriceUsd(pool: DepthPoolReading, token: Address): Promise<number> {
  const [reserve0, reserve1] = await chain.client.readContract({ address: pool.pool as Address, abi: PAIR_ABI, functionName: "getReserves" });
  const token0 = await chain.client.readContract({ address: pool.pool as Address, abi: PAIR_ABI, functionName: "token0" });
  const [tokenReserve, baseReserve] = BigInt(token0) === BigInt(token) ? [reserve0, reserve1] : [reserve1, reserve0];
  return (Number(formatUnits(baseReserve, 18)) / Number(formatUnits(tokenReserve, 18))) * pool.baseUsd;
}

/** Buys each pool's share of the buying for `targetUsd`, paid in its base, through the factory that holds it. */
async function buyTo(token: Address, pools: readonly DepthPoolReading[], targetUsd: number): Promise<void> {
  for (const pool of pools) {
    const baseIn = poolBuyingUsd(pool, targetUsd) / pool.baseUsd;
    const factory = pool.base === chain.contracts.wpls ? chain.contracts.factoryV2 : chain.contracts.factoryV1;
    await chain.swap(factory, pool.base as Address, baseIn.toFixed(6), token);
  }
}

test("one pool: the buying worked out for 3x the price, bought through the pool, brings it within 1% of the target", async () => {
  await priceOnly({ pepe: single });
  const { price, pools } = await poolsOf("pepe");
  expect(price).toBeCloseTo(0.5, 6);
  expect(pools).toEqual([expect.objectContaining({ base: chain.contracts.dai, tokenReserve: 2_000_000, baseReserve: 1_000_000, baseUsd: expect.closeTo(1, 6) })]);
  const target = 3 * price;
  // √(2e6 · 1e6 · 1.5) − 1e6 = 1,732,050.8 − 1,000,000 DAI: checked by hand.
  expect(netBuyingToReach(pools, target)).toBeCloseTo(732_050.8, 0);

  await buyTo(single, pools, target);
  const reached = await poolPriceUsd(pools[0]!, single);
  console.log(`# what it takes, one pool: target $${target}, reached $${reached.toFixed(6)} (${((reached / target - 1) * 100).toFixed(3)}%)`);
  expect(Math.abs(reached / target - 1)).toBeLessThan(0.01);
});

test("two pools, one against WPLS: each pool's share bought through it brings both within 1% of the target", async () => {
  await priceOnly({ trump: double });
  const { price, pools } = await poolsOf("trump");
  expect(price).toBeCloseTo(0.25, 3);
  expect(pools.map((pool) => pool.base).sort()).toEqual([chain.contracts.dai, chain.contracts.wpls].sort());
  const target = 10 * price;
  const total = netBuyingToReach(pools, target)!;
  // By hand: DAI pool √(4e5 · 1e5 · 2.5) − 1e5 = 216,227.8; WPLS pool (WPLS at $0.0003, $150,000 a side)
  // √(6e5 · 5e8 · 2.5 · 0.0003) − 150,000 = 474,341.6 − 150,000 = 324,341.6; together about $540,569.
  expect(total).toBeCloseTo(540_569.4, -1);

  await buyTo(double, pools, target);
  for (const pool of pools) {
    const reached = await poolPriceUsd(pool, double);
    console.log(`# what it takes, ${pool.base === chain.contracts.wpls ? "WPLS" : "DAI"} pool: target $${target}, reached $${reached.toFixed(6)} (${((reached / target - 1) * 100).toFixed(3)}%)`);
    expect(Math.abs(reached / target - 1)).toBeLessThan(0.01);
  }
});
