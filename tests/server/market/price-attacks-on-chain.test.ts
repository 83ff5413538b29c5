// Prices no one can push, tried as an attacker would: real swaps on real Uniswap V2-style pairs
// (the local ganache chain, tests/chain/contracts/PulseXLike.sol) between real refresh passes,
// with each pair's accumulators stored between passes in the database as in production. The
// chain's clock is moved 25 minutes between passes (a long window: see PASS_GAP_S).
import type { Address } from "viem";
import { createPrismaObservationStore } from "@/lib/market/onchain/prisma-observation-store.server";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { runRefreshPass, type RefreshReport } from "@/lib/market/pass/refresh.server";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import { parseProvenance } from "@/lib/coins/provenance-schema";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(180_000);

const { db } = useTestDatabase({ seed: true });

// WPLS at $0.0003 from three stablecoin pools; DAI's holds two thirds of the stablecoin liquidity.
const WPLS_USD = 0.0003;
// 25 minutes between passes (the longest window a reading stays usable is 30): ganache stamps
// blocks with the wall clock, so the seconds between the attacker's two trades (a pass runs between
// them, slower on a busy machine) count as the pump held; a long window keeps them a small share.
const PASS_GAP_S = 1_500;

let chain: LocalChain;
let contracts: PulseXContracts;
let usdt: Address;
let hexLike: Address;
let pump: Address; // $16,000 pool: 8,000,000 PUMP / 26,666,667 WPLS, $0.001 each, supply 1e9
let riser: Address; // the same pool, for the rise that holds
let routed: Address; // priced only through hexLike, whose one WPLS pool holds $200

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, usdc, factoryV1, factoryV2, multicall3 } = chain.contracts;
  usdt = await chain.deployToken("Tether USD from Ethereum", "USDT", 6, "1000000000");
  hexLike = await chain.deployToken("HEX", "HEX", 8, "1000000000");
  contracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai, usdc, usdt], multicall3, baseTokens: [hexLike] };
  await chain.addLiquidity(factoryV1, dai, "60000", wpls, "200000000");
  await chain.addLiquidity(factoryV2, usdc, "20000", wpls, String(200_000_000 / 3));
  await chain.addLiquidity(factoryV2, usdt, "10000", wpls, String(100_000_000 / 3));
  pump = await chain.deployToken("Pump", "PUMP", 18, "1000000000");
  await chain.addLiquidity(factoryV2, pump, "8000000", wpls, String(80_000_000 / 3));
  riser = await chain.deployToken("Riser", "RISE", 18, "1000000000");
  await chain.addLiquidity(factoryV2, riser, "8000000", wpls, String(80_000_000 / 3));
  // hexLike's only pool: 333,333 WPLS ($100) a side; ROUTED's pool with it holds 10,000,000 HEX.
  await chain.addLiquidity(factoryV2, hexLike, "100", wpls, String(1_000_000 / 3));
  routed = await chain.deployToken("Routed", "ROUTED", 18, "1000000000");
  await chain.addLiquidity(factoryV2, routed, "1000000", hexLike, "10000000");
});

afterAll(() => chain?.stop());

const coin = (id: string) => db().coin.findUniqueOrThrow({ where: { id } });

/** One pass with the production pieces: the database's pool observations, the default floor. */
async function pass(lines: string[] = []): Promise<RefreshReport> {
  const source = createPulseXSource({ client: createPulseChainClient(chain.rpcUrl, { retries: 0 }), contracts, observations: createPrismaObservationStore(db()) });
  return runRefreshPass(db(), [source], { log: (line) => lines.push(line) });
}

/** Only these seed coins are refreshed, each standing for a local token at its published price. */
async function quoteOnly(coins: Record<string, { token: Address | null; currentPrice: number; circulatingSupply: number; liquidityUsd?: number }>) {
  await db().coin.updateMany({ data: { quoteSource: null } });
  for (const [id, { token, currentPrice, circulatingSupply, liquidityUsd }] of Object.entries(coins)) {
    await db().coin.update({
      where: { id },
      data: {
        quoteSource: "pulsex",
        quoteId: token ?? contracts.wpls,
        contractAddress: token,
        burnAddresses: null,
        priceSource: "pulsex",
        currentPrice,
        circulatingSupply,
        marketCap: currentPrice * circulatingSupply,
        liquidityUsd: liquidityUsd ?? null,
        pendingPrice: null,
        pendingSince: null,
        athPrice: currentPrice,
        athMarketCap: currentPrice * circulatingSupply,
        athAt: new Date("2026-11-01T00:00:00Z"),
        athMarketCapAt: new Date("2026-11-01T00:00:00Z"),
      },
    });
  }
}

const later = () => chain.advanceTime(PASS_GAP_S);

test("a 12x pump by swap in a $16,000 pool, read by a pass and sold back before the next, moves the price by less than 25% and sets no high", async () => {
  await quoteOnly({ pepe: { token: pump, currentPrice: 0.001, circulatingSupply: 1e9, liquidityUsd: 16_000 } });
  // Two quiet passes: the first has no earlier observation (spot, and says so), the second averages.
  const first: string[] = [];
  await pass(first);
  expect(first.some((line) => /pool prices are spot prices, not averages/.test(line))).toBe(true);
  await later();
  const quiet = await pass();
  expect(quiet.updated).toContain("pepe");
  const settled = await coin("pepe");
  expect(settled.currentPrice).toBeCloseTo(0.001, 7);
  expect(parseProvenance(settled.provenance)).toMatchObject({ averageSeconds: expect.any(Number) });

  // The attacker buys 12x: sqrt(12) x the WPLS side, about 65.7M WPLS, which grows the pool to about $55,000.
  await later();
  const wplsIn = (80_000_000 / 3) * (Math.sqrt(12 / 0.997) - 1);
  const bought = await chain.swap(chain.contracts.factoryV2, chain.contracts.wpls, wplsIn.toFixed(0), pump);
  const pumped = await pass();
  const during = await coin("pepe");
  const provenance = parseProvenance(during.provenance);
  // The pool now says 12x, and the provenance shows it beside the average...
  expect(provenance).toMatchObject({ source: "pulsex", spotPrice: expect.closeTo(0.012, 3) });
  expect(provenance?.source === "pulsex" && provenance.liquidityUsd).toBeGreaterThan(50_000);
  // ...but the published price is the average over the window, during which the pool held $0.001.
  expect(pumped.heldBack).toEqual([]);
  expect(Math.abs(during.currentPrice / 0.001 - 1)).toBeLessThan(0.25);
  expect(during.athPrice).toBe(0.001);

  // Sold back, then the next pass: the pumped pool counted only for the seconds between the two trades.
  await chain.swap(chain.contracts.factoryV2, pump, String(bought), chain.contracts.wpls);
  await later();
  await pass();
  const after = await coin("pepe");
  expect(Math.abs(after.currentPrice / 0.001 - 1)).toBeLessThan(0.25);
  expect(after.athPrice).toBe(0.001);
});

test("the same pump held for 3 passes is a real rise: published at the held level within 3 passes", async () => {
  await quoteOnly({ trump: { token: riser, currentPrice: 0.001, circulatingSupply: 1e9, liquidityUsd: 16_000 } });
  await pass();
  await later();
  await pass();
  const wplsIn = (80_000_000 / 3) * (Math.sqrt(12 / 0.997) - 1);
  await chain.swap(chain.contracts.factoryV2, chain.contracts.wpls, wplsIn.toFixed(0), riser);
  const prices: number[] = [];
  for (let i = 0; i < 3; i++) {
    await later();
    await pass();
    prices.push((await coin("trump")).currentPrice);
  }
  expect(prices[2]).toBeCloseTo(0.012, 3);
});

test("a base token whose only pool is under the floor prices nothing through it", async () => {
  await quoteOnly({ pepe: { token: routed, currentPrice: 0.15, circulatingSupply: 1e9 } });
  const report = await pass();
  expect(report.updated).toEqual([]);
  expect(report.failed).toEqual([{ coinId: "pepe", source: "pulsex", reason: expect.stringMatching(/^pulsex: base 0x.* has no pool with WPLS or a stablecoin holding \$5000 or more, so nothing is priced through it$/) }]);
  expect(await coin("pepe")).toMatchObject({ currentPrice: 0.15 });
});

test("one stablecoin's pools pushed 3x, though they hold two thirds of the stablecoin liquidity, move WPLS's price by less than 2%", async () => {
  await quoteOnly({ pls: { token: null, currentPrice: WPLS_USD, circulatingSupply: 1e11 } });
  await pass();
  await later();
  await pass();
  const before = (await coin("pls")).currentPrice;
  expect(before).toBeCloseTo(WPLS_USD, 8);

  // 3x WPLS's price in DAI: sqrt(3) x the DAI side, held for the whole window.
  await chain.swap(chain.contracts.factoryV1, chain.contracts.dai, (60_000 * (Math.sqrt(3 / 0.997) - 1)).toFixed(0), chain.contracts.wpls);
  await later();
  const lines: string[] = [];
  const report = await pass(lines);
  expect(report.updated).toContain("pls");
  expect(Math.abs((await coin("pls")).currentPrice / before - 1)).toBeLessThan(0.02);
  expect(lines.some((line) => /dropped the stablecoin 0x.* pool .* prices WPLS at \$0\.000[89]/.test(line))).toBe(true);

  // USDC pushed 2x as well: no two stablecoins agree, so the last WPLS price stays and the pass says why.
  await chain.swap(chain.contracts.factoryV2, chain.contracts.usdc, (20_000 * (Math.sqrt(2 / 0.997) - 1)).toFixed(0), chain.contracts.wpls);
  await later();
  const split = await pass();
  expect(split.updated).toEqual([]);
  expect(split.failed).toEqual([{ coinId: "pls", source: "pulsex", reason: expect.stringMatching(/^pulsex: fewer than 2 stablecoins agree on WPLS's price within 2% .*the last WPLS price is kept/) }]);
  expect(Math.abs((await coin("pls")).currentPrice / before - 1)).toBeLessThan(0.02);
});
