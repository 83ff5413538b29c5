// The supply bases (issue 43, part 2) read by a real refresh pass on the local chain: HEX's staked
// supply from a deployed token with HEX's globals() layout (tests/chain/contracts/HexLike.sol,
// staking burns from totalSupply into lockedHeartsTotal as HEX does), a token's total supply with
// its burn addresses' balances, and PLS with the PLS sent to a burn address counted. Read back as
// GET /api/cryptocurrencies/{id} serves them; figures worked out by hand.
import type { Address } from "viem";
import * as coinRoute from "@/app/api/cryptocurrencies/[id]/route";
import * as pairRoute from "@/app/api/pairs/[coin1]/[coin2]/route";
import { parseProvenance } from "@/lib/coins/provenance-schema";
import { netBuyingToReach } from "@/lib/coins/what-it-takes";
import { pairAnswerSchema } from "@/lib/compare/pair-answer-schema";
import { resetPublicCacheForTests } from "@/lib/cache/public-cache.server";
import { coinDetailSchema } from "@/lib/coins/schemas";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import { BURN_DEAD, startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(120_000);

const { db } = useTestDatabase({ seed: true });

// WPLS at $0.0003: 30,000 DAI / 100,000,000 WPLS.
const WPLS_USD = 0.0003;
// HEX at $0.006: 10,000,000 HEX / 200,000,000 WPLS ($60,000 a side).
const HEX_USD = 0.006;

let chain: LocalChain;
let contracts: PulseXContracts;
let hex: Address;

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
  await chain.addLiquidity(factoryV1, dai, "30000", wpls, "100000000");
  hex = await chain.deployHexLike("1000000000");
  await chain.addLiquidity(factoryV2, hex, "10000000", wpls, "200000000");
  contracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai], multicall3, hex };
});

afterAll(() => chain?.stop());

const pulsex = () => createPulseXSource({ client: createPulseChainClient(chain.rpcUrl, { retries: 0 }), contracts });

/**
 * HEX on the local HexLike and PLS through the local WPLS are the only coins refreshed, at their
 * pools' prices, HEX with about its local supply (a reading over 5x from the published one waits a pass).
 */
async function quoteHexAndPls() {
  await db().coin.updateMany({ data: { quoteSource: null } });
  await db().coin.update({ where: { id: "hex" }, data: { quoteSource: "pulsex", quoteId: hex, contractAddress: hex, burnAddresses: null, priceSource: "pulsex", currentPrice: HEX_USD, circulatingSupply: 680_000_000 } });
  await db().coin.update({ where: { id: "pls" }, data: { quoteSource: "pulsex", quoteId: chain.contracts.wpls, priceSource: "pulsex", currentPrice: WPLS_USD } });
}

async function pass() {
  const report = await runRefreshPass(db(), [pulsex()], { log: () => {} });
  expect(report.failed).toEqual([]);
  expect(report.updated.sort()).toEqual(["hex", "pls"]);
  resetPublicCacheForTests();
}

async function basesOf(id: string) {
  const res = await call(coinRoute.GET, `/api/cryptocurrencies/${id}`, { params: { id } });
  expect(res.status).toBe(200);
  return coinDetailSchema.parse(res.body).supplyBases;
}

test("HEX: circulating, total with the burn addresses' HEX, liquid and staked from globals(); a stake ended moves them", async () => {
  await quoteHexAndPls();
  // 1,000,000,000 minted; 10,000,000 in the pool stay circulating; 20,000,000 sent to 0x…dEaD; 300,000,000 staked.
  await chain.transfer(hex, BURN_DEAD, "20000000");
  await chain.stakeHexLike(hex, "300000000");
  await pass();
  // totalSupply 700,000,000 (the stake burned 300,000,000), of which 20,000,000 at a burn address.
  expect(await basesOf("hex")).toEqual([
    { basis: "circulating", supply: 680_000_000, marketCap: expect.closeTo(680_000_000 * HEX_USD, 0) },
    { basis: "total", supply: 700_000_000, marketCap: expect.closeTo(700_000_000 * HEX_USD, 0) },
    { basis: "staked", supply: 980_000_000, marketCap: expect.closeTo(980_000_000 * HEX_USD, 0) },
  ]);

  // The pair's answer on those bases: HEX liquid and staked ($5.88M) at PLS's market cap on its
  // total basis, and what reaching it would take through HEX's one pool (what-it-takes.ts).
  const res = await call(pairRoute.GET, "/api/pairs/hex/pls?supply1=staked&supply2=total", { params: { coin1: "hex", coin2: "pls" } });
  expect(res.status).toBe(200);
  const answer = pairAnswerSchema.parse(res.body);
  const plsBases = await basesOf("pls");
  const plsCap = plsBases.find((figure) => figure.basis === "total")?.marketCap ?? plsBases[0]!.marketCap;
  expect(answer.supply.coin1).toEqual({ basis: "staked", marketCap: expect.closeTo(980_000_000 * HEX_USD, 0) });
  expect(answer.today!.multiplier).toBeCloseTo(plsCap / (980_000_000 * HEX_USD), 6);
  const pools = parseProvenance((await db().coin.findUniqueOrThrow({ where: { id: "hex" } })).provenance);
  const expected = netBuyingToReach(pools?.source === "pulsex" ? pools.pools! : [], answer.today!.projectedPrice)!;
  expect(answer.today!.wouldTake!.usd).toBeCloseTo(expected, 6);
  expect(answer.today!.wouldTake!.pls! * WPLS_USD).toBeCloseTo(expected, 3);
  expect(answer.ladder!.steps.every((step) => step.wouldTake !== null)).toBe(true);

  // The stake ends: minted back into totalSupply, nothing staked, so no staked basis. (The supply
  // is re-read hourly: this pass's staked figure is at its block, the circulating one waits.)
  await chain.stakeHexLike(hex, "end");
  await pass();
  const after = await basesOf("hex");
  expect(after.map((figure) => figure.basis)).toEqual(["circulating", "total"]);
});

test("PLS: the PLS at the burn addresses is its total basis, and moves when PLS is sent to one", async () => {
  await quoteHexAndPls();
  const stored = (await db().coin.findUniqueOrThrow({ where: { id: "pls" } })).circulatingSupply!;
  const burnedBefore = Number(await chain.client.getBalance({ address: BURN_DEAD })) / 1e18;

  await chain.sendPls(BURN_DEAD, "5000000");
  await pass();
  const first = await basesOf("pls");
  expect(first[0]).toEqual({ basis: "circulating", supply: stored, marketCap: expect.closeTo(stored * WPLS_USD, 0) });
  expect(first[1]).toEqual({ basis: "total", supply: expect.closeTo(stored + burnedBefore + 5_000_000, 0), marketCap: expect.closeTo((stored + burnedBefore + 5_000_000) * WPLS_USD, 0) });
  expect(first).toHaveLength(2);

  // 2,500,000 more PLS to the burn address: the total basis counts them at the next pass.
  await chain.sendPls(BURN_DEAD, "2500000");
  await pass();
  const second = await basesOf("pls");
  expect(second[1]!.supply - first[1]!.supply).toBeCloseTo(2_500_000, 0);
  expect(second[0]!.supply).toBe(stored);
});
