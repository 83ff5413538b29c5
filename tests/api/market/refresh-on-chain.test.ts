// The refresh pass with the on-chain PulseX reader against a real local chain (ganache, the
// contracts deployed for real): a pool under the liquidity floor keeps the last good price and
// leaves the ranking until it recovers; a 10x move in a thin pool is held, then published when
// the next pass confirms it; a listing writes its first price time and all-time highs.
// Reserves change between passes with chain.addLiquidity. Prices are worked out by hand below.
import type { Address } from "viem";
import * as coinRoute from "@/app/api/cryptocurrencies/[id]/route";
import { listCoin } from "@/lib/listings/coins.server";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { resetPublicCacheForTests } from "@/lib/cache/public-cache.server";
import { factoryAbi } from "@/lib/market/onchain/contracts";
import { coinDetailSchema } from "@/lib/coins/schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(90_000);

const { db } = useTestDatabase({ seed: true });

// WPLS in USD from the one stablecoin pool: 30,000 DAI / 100,000,000 WPLS = $0.0003.
const WPLS_USD = 0.0003;

let chain: LocalChain;
let contracts: PulseXContracts;
let low: Address; // 10,000,000,000 supply; pool 1,000,000 LOW / 5,000,000 WPLS
let mover: Address; // 1,000,000,000 supply; pool 1,000,000 MOVE / 20,000,000 WPLS

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
  contracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai], multicall3 };
  await chain.addLiquidity(factoryV1, dai, "30000", wpls, "100000000");
  low = await chain.deployToken("Low Pool", "LOW", 18, "10000000000");
  await chain.addLiquidity(factoryV2, low, "1000000", wpls, "5000000");
  mover = await chain.deployToken("Mover", "MOVE", 18, "1000000000");
  await chain.addLiquidity(factoryV2, mover, "1000000", wpls, "20000000");
});

afterAll(() => chain?.stop());

const pulsex = () => createPulseXSource({ client: createPulseChainClient(chain.rpcUrl, { retries: 0 }), contracts });
const coin = (id: string) => db().coin.findUniqueOrThrow({ where: { id } });

/** Only `id` is refreshed, as the on-chain token `token` with the given published price. */
async function onlyQuote(id: string, token: Address, published: { currentPrice: number; circulatingSupply: number }) {
  await db().coin.updateMany({ data: { quoteSource: null } });
  await db().coin.update({
    where: { id },
    data: {
      quoteSource: "pulsex",
      quoteId: token,
      contractAddress: token,
      burnAddresses: null,
      priceSource: "pulsex",
      ...published,
      marketCap: published.currentPrice * published.circulatingSupply,
    },
  });
}

test("a pool under the $5,000 floor keeps the last good price, is flagged and ranked last, and comes back when it recovers", async () => {
  // pepe stands for LOW, last published at $0.001 (cap 0.001 x 1e10 = $10M).
  await onlyQuote("pepe", low, { currentPrice: 0.001, circulatingSupply: 10_000_000_000 });
  const before = await coin("pepe");
  const lines: string[] = [];

  // Pool: 5,000,000 WPLS x $0.0003 = $1,500 a side, $3,000 tracked: under the floor.
  const thin = await runRefreshPass(db(), [pulsex()], { log: (line) => lines.push(line) });
  expect(thin.updated).toEqual([]);
  expect(thin.failed).toEqual([]);
  expect(thin.lowLiquidity).toEqual([{ coinId: "pepe", source: "pulsex", liquidityUsd: expect.closeTo(3_000, 6) }]);
  expect(lines).toContain("[market] pulsex pepe: low liquidity: pool $3000 is under the $5000 floor; last good price kept");
  const flagged = await coin("pepe");
  expect(flagged).toMatchObject({ lowLiquidity: true, currentPrice: 0.001, marketCap: 1e7, priceUpdatedAt: before.priceUpdatedAt });
  // Out of the ranking: behind all 61 other seed coins, though its $10M cap would place it 22nd.
  expect(flagged.rank).toBe(62);

  // Recovery: 2,000,000 LOW and 10,000,000 WPLS more -> 3,000,000 / 15,000,000: still 5 WPLS = $0.0015 each;
  // tracked liquidity 2 x 15,000,000 x $0.0003 = $9,000.
  await chain.addLiquidity(chain.contracts.factoryV2, low, "2000000", chain.contracts.wpls, "10000000");
  const recovered = await runRefreshPass(db(), [pulsex()], { log: () => {} });
  expect(recovered.updated).toEqual(["pepe"]);
  expect(recovered.lowLiquidity).toEqual([]);
  const back = await coin("pepe");
  expect(back.lowLiquidity).toBe(false);
  expect(back.currentPrice).toBeCloseTo(5 * WPLS_USD, 12);
  expect(back.liquidityUsd).toBeCloseTo(9_000, 6);
  // Cap 0.0015 x 1e10 = $15M: below the 21 seed coins btc..most and trump ($17.9M), above pdai ($12.4M).
  expect(back.marketCap).toBeCloseTo(15_000_000, 0);
  expect(back.rank).toBe(23);
  expect(back.priceUpdatedAt!.getTime()).toBeGreaterThan(before.priceUpdatedAt!.getTime());
});

test("a 10x move in a $12,000 pool is held, then published when the next pass confirms it", async () => {
  // trump stands for MOVE, last published at 20 WPLS = $0.006.
  await onlyQuote("trump", mover, { currentPrice: 0.006, circulatingSupply: 1_000_000_000 });
  const before = await coin("trump");

  // 9,000,000 MOVE sold into the pool: 10,000,000 MOVE / 20,000,000 WPLS = 2 WPLS = $0.0006, 10x down.
  // Liquidity stays 2 x 20,000,000 x $0.0003 = $12,000: over the floor, under $50,000.
  await chain.addLiquidity(chain.contracts.factoryV2, mover, "9000000", chain.contracts.wpls, "0");
  const first = await runRefreshPass(db(), [pulsex()], { log: () => {} });
  expect(first.updated).toEqual([]);
  expect(first.heldBack).toEqual([{ coinId: "trump", source: "pulsex", reason: expect.stringMatching(/^price moved 10x \(0\.006 -> 0\.000(6|599\d*|600\d*)\) in a pool with \$12000 liquidity/) }]);
  const held = await coin("trump");
  expect(held).toMatchObject({ currentPrice: 0.006, priceUpdatedAt: before.priceUpdatedAt });
  expect(held.pendingPrice).toBeCloseTo(2 * WPLS_USD, 12);
  expect(held.pendingSince).not.toBeNull();
  // The coin's answer says a move waits, and to what.
  resetPublicCacheForTests();
  const detail = coinDetailSchema.parse((await call(coinRoute.GET, "/api/cryptocurrencies/trump", { params: { id: "trump" } })).body);
  expect(detail.heldBack).toEqual({ price: held.pendingPrice, since: held.pendingSince!.toISOString() });

  // The pool keeps its new level (1,000,000 more MOVE: 11,000,000 / 20,000,000 WPLS = 20/11 WPLS =
  // $0.000545..., 11x under $0.006 and 1.1x under the pending price): confirmed.
  await chain.addLiquidity(chain.contracts.factoryV2, mover, "1000000", chain.contracts.wpls, "0");
  const second = await runRefreshPass(db(), [pulsex()], { log: () => {} });
  expect(second.heldBack).toEqual([]);
  expect(second.updated).toEqual(["trump"]);
  const published = await coin("trump");
  expect(published.currentPrice).toBeCloseTo((20 / 11) * WPLS_USD, 12);
  // Supply from the chain: 1e9, none burned.
  expect(published.marketCap).toBeCloseTo(1e9 * (20 / 11) * WPLS_USD, 3);
  expect(published).toMatchObject({ pendingPrice: null, pendingSince: null, lowLiquidity: false });
});

test("listing writes the first price time and all-time highs; a pool under the floor lists flagged, ranked last and with no high", async () => {
  const at = new Date("2026-11-23T02:30:00Z");
  const deps = { client: createPulseChainClient(chain.rpcUrl, { retries: 0 }), contracts, now: () => at };
  // 100,000 FRESH / 10,000,000 WPLS: 100 WPLS = $0.03; supply 1,000,000 -> cap $30,000; liquidity 2 x 10M x $0.0003 = $6,000.
  const fresh = await chain.deployToken("Fresh Listing", "FRESH", 18, "1000000");
  await chain.addLiquidity(chain.contracts.factoryV2, fresh, "100000", chain.contracts.wpls, "10000000");
  const listed = await listCoin(db(), { contractAddress: fresh }, deps);
  const row = await coin(listed.id);
  expect(row).toMatchObject({ priceUpdatedAt: at, athAt: at, lowLiquidity: false });
  expect(row.athPrice).toBeCloseTo(0.03, 12);
  expect(row.athMarketCap).toBeCloseTo(30_000, 6);

  // 1,000 WPLS a side: $0.30 + $0.30 of liquidity.
  const tiny = await chain.deployToken("Tiny Pool", "TINY", 18, "1000000");
  await chain.addLiquidity(chain.contracts.factoryV2, tiny, "1000", chain.contracts.wpls, "1000");
  const thin = await listCoin(db(), { contractAddress: tiny }, deps);
  // Its price is shown, flagged, but a pool that cheap to move sets no record.
  expect(await coin(thin.id)).toMatchObject({ lowLiquidity: true, rank: await db().coin.count(), priceUpdatedAt: at, athPrice: null, athMarketCap: null, athAt: null, athMarketCapAt: null });
});

test("a 4x one-pass spike in a $60,000 pool is published but never becomes a high; a rise held over 3 passes does", async () => {
  // 1,000,000 SPIKE / 100,000,000 WPLS: 100 WPLS = $0.03; liquidity 2 x 100M x $0.0003 = $60,000.
  const spike = await chain.deployToken("Spike", "SPIKE", 18, "1000000000");
  await chain.addLiquidity(chain.contracts.factoryV2, spike, "1000000", chain.contracts.wpls, "100000000");
  await onlyQuote("bear", spike, { currentPrice: 0.03, circulatingSupply: 1_000_000_000 });
  await db().coin.update({ where: { id: "bear" }, data: { athPrice: 0.03, athMarketCap: 3e7, athAt: new Date("2026-11-01T00:00:00Z"), athMarketCapAt: new Date("2026-11-01T00:00:00Z") } });
  const pass = async (hhmm: string) => {
    const report = await runRefreshPass(db(), [pulsex()], { log: () => {}, now: () => new Date(`2026-11-24T${hhmm}:00Z`) });
    expect(report.updated).toEqual(["bear"]);
  };
  const price = async () => (await coin("bear")).currentPrice;

  await pass("03:00");
  await pass("03:05");
  // 300,000,000 WPLS bought in: 400M / 1M = 400 WPLS = $0.12, 4x, from a pool over $50,000: published at once.
  await chain.addLiquidity(chain.contracts.factoryV2, spike, "0", chain.contracts.wpls, "300000000");
  await pass("03:10");
  expect(await price()).toBeCloseTo(0.12, 9);
  expect((await coin("bear")).athPrice).toBe(0.03);
  // Back: 3,000,000 SPIKE sold in: 4M / 400M = 100 WPLS = $0.03.
  await chain.addLiquidity(chain.contracts.factoryV2, spike, "3000000", chain.contracts.wpls, "0");
  await pass("03:15");
  await pass("03:20");
  expect(await price()).toBeCloseTo(0.03, 9);
  expect(await coin("bear")).toMatchObject({ athPrice: 0.03, athMarketCap: 3e7, athAt: new Date("2026-11-01T00:00:00Z") });

  // A rise that holds: 4M / 800M = 200 WPLS = $0.06 for three passes, 10 minutes.
  await chain.addLiquidity(chain.contracts.factoryV2, spike, "0", chain.contracts.wpls, "400000000");
  await pass("03:25");
  await pass("03:30");
  expect((await coin("bear")).athPrice).toBe(0.03);
  await pass("03:35");
  const high = await coin("bear");
  expect(high.athPrice).toBeCloseTo(0.06, 9);
  expect(high.athMarketCap).toBeCloseTo(0.06 * 1e9, 0);
  expect(high.athAt).toEqual(new Date("2026-11-24T03:35:00Z"));
});

test("each on-chain price keeps where it came from: the pool, its factory and base, both reserves, the base's USD price, the liquidity and the pinned block", async () => {
  // 2,000,000 PROV / 50,000,000 WPLS: 25 WPLS = $0.0075; liquidity 2 x 50M x $0.0003 = $30,000.
  const prov = await chain.deployToken("Provenance", "PROV", 18, "1000000000");
  await chain.addLiquidity(chain.contracts.factoryV1, prov, "2000000", chain.contracts.wpls, "50000000");
  await onlyQuote("pepe", prov, { currentPrice: 0.0075, circulatingSupply: 1_000_000_000 });
  const report = await runRefreshPass(db(), [pulsex()], { log: () => {} });
  expect(report.updated).toEqual(["pepe"]);
  const head = await chain.client.getBlock();
  resetPublicCacheForTests();

  const res = await call(coinRoute.GET, "/api/cryptocurrencies/pepe", { params: { id: "pepe" } });
  const { provenance, depth } = coinDetailSchema.parse(res.body);
  const pool = await chain.client.readContract({ address: chain.contracts.factoryV1, abi: factoryAbi, functionName: "getPair", args: [prov, chain.contracts.wpls] });
  expect(provenance).toEqual({
    source: "pulsex",
    pool,
    factory: chain.contracts.factoryV1,
    // Mainnet's factories read "PulseX V1" / "PulseX V2"; the local chain's are named by place.
    factoryName: `factory 1 (${chain.contracts.factoryV1.slice(0, 6)}…${chain.contracts.factoryV1.slice(-4)})`,
    base: chain.contracts.wpls,
    baseSymbol: "WPLS",
    tokenReserve: 2_000_000,
    baseReserve: 50_000_000,
    baseUsd: expect.closeTo(WPLS_USD, 12),
    liquidityUsd: expect.closeTo(30_000, 6),
    stablePools: null,
    // Each test's source is new, so no earlier reading of the pool's accumulator: the spot price.
    averageSeconds: null,
    spotPrice: expect.closeTo(0.0075, 12),
    block: Number(head.number),
    blockTime: new Date(Number(head.timestamp) * 1000).toISOString(),
    // Read this pass (a new token has no reading yet), with nothing to say about it.
    supplyReadAt: expect.any(String),
    supplyNotice: null,
    // Nothing at the burn addresses: its total supply is its circulating one (lib/coins/supply-bases.ts).
    burnedSupply: 0,
    // Its one pool, as a target's buying would move it (lib/coins/what-it-takes.ts).
    pools: [{ pool, base: chain.contracts.wpls, baseSymbol: "WPLS", tokenReserve: 2_000_000, baseReserve: 50_000_000, baseUsd: expect.closeTo(WPLS_USD, 12) }],
  });
  // $15,000 a side: 2% up takes 15,000 x (√1.02 − 1) = $149.26, 2% down 15,000 x (1 − √0.98) = $150.76.
  const plsUsd = (await coin("pls")).currentPrice;
  expect(depth).toMatchObject({
    pools: 1,
    poolLiquidity: { usd: expect.closeTo(30_000, 6) },
    buyToRise2Pct: { usd: expect.closeTo(149.26, 2) },
    sellToFall2Pct: { usd: expect.closeTo(150.76, 2) },
  });
  // In PLS at the site's PLS price.
  for (const figure of [depth!.poolLiquidity, depth!.buyToRise2Pct, depth!.sellToFall2Pct]) expect(figure.pls! * plsUsd).toBeCloseTo(figure.usd, 6);
});
