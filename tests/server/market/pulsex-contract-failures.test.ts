// One bad token costs only itself (issue 30), on a real local EVM (ganache, contracts compiled by
// solc-js and deployed for real) behind the recording RPC proxy: a token whose totalSupply burns
// gas, and one whose totalSupply reverts, sit in the same chunk as 150 ordinary tokens, which all
// get their quotes while the two fail alone, as their contracts' failures (kind "contract"); a
// pair whose getReserves reverts is reported by name; a totalSupply that starts reverting keeps
// the last good supply and says how old it is; and a token whose whole supply is at burn
// addresses is published with a market cap of 0, saying why.
import { createTestClient, http, type Address } from "viem";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { createMemoryPoolCache } from "@/lib/market/onchain/pool-cache";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import { createPulseXSource, type PulseXSourceOptions } from "@/lib/market/sources/pulsex.server";
import type { QuoteRequest } from "@/lib/market/types";
import { parseProvenance } from "@/lib/coins/provenance-schema";
import { compileTestContracts } from "@/tests/chain/compile";
import { BURN_DEAD, startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { SELECTORS, startRpcProxy, type RpcProxy } from "@/tests/chain/rpc-proxy";
import { useTestDatabase } from "@/tests/helpers/test-database";

// Listing 150 tokens takes ganache minutes on a busy 2-core machine.
jest.setTimeout(600_000);

const { db } = useTestDatabase({ seed: true });

// WPLS in USD from the one stablecoin pool: 30,000 DAI / 100,000,000 WPLS = $0.0003.
const WPLS_USD = 0.0003;

let chain: LocalChain;
let proxy: RpcProxy;
let contracts: PulseXContracts;
let plain: Address[]; // 150 tokens, each 1,000 in a pool against 100,000 WPLS: 100 WPLS each
let burner: Address; // totalSupply loops until its gas runs out
let reverter: Address; // totalSupply reverts
let keeper: Address; // totalSupply answers, then (in its test) reverts
let brokenPool: Address; // its pair's getReserves is made to revert
let brokenPair: Address;
let burned: Address; // every token outside its pool at 0x…dEaD
let burnedPair: Address;

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
  contracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai], multicall3 };
  await chain.addLiquidity(factoryV1, dai, "30000", wpls, "100000000");
  plain = await chain.listTokens(factoryV2, wpls, 150, { supply: "1000000", token: "1000", base: "100000" });
  burner = await chain.deployMisbehavingToken("1000000", "burns-gas");
  await chain.addLiquidity(factoryV2, burner, "1000", wpls, "100000");
  reverter = await chain.deployMisbehavingToken("1000000", "reverts");
  await chain.addLiquidity(factoryV2, reverter, "1000", wpls, "100000");
  keeper = await chain.deployMisbehavingToken("1000000", "normal");
  await chain.addLiquidity(factoryV2, keeper, "1000", wpls, "100000");
  brokenPool = await chain.deployToken("Broken Pool", "BRKN", 18, "1000000");
  brokenPair = await chain.addLiquidity(factoryV2, brokenPool, "1000", wpls, "100000");
  // 20,000,000 WPLS x $0.0003 = $6,000 a side: over the $5,000 floor the refresh pass applies.
  burned = await chain.deployToken("All Burned", "BURNT", 18, "1000000");
  burnedPair = await chain.addLiquidity(factoryV2, burned, "1000", wpls, "20000000");
  await chain.transfer(burned, BURN_DEAD, "999000");
  proxy = await startRpcProxy(chain.rpcUrl);
});

afterAll(async () => {
  await proxy?.stop();
  await chain?.stop();
});

beforeEach(() => {
  proxy.requests.length = 0;
});

function source(options: Partial<PulseXSourceOptions> = {}) {
  return createPulseXSource({ minLiquidityUsd: 0, client: createPulseChainClient(proxy.url, { retries: 0, timeoutMs: 90_000 }), contracts, ...options });
}
/** One burn address: two supply calls a coin, so 152 coins' reads fit one chunk's 30M. */
const ask = (coinId: string, quoteId: Address): QuoteRequest => ({ coinId, quoteId, burnAddresses: [BURN_DEAD] });
const requestsWith = (selector: string) => proxy.requests.filter((request) => request.calls?.some((call) => call.selector === selector));

test("a token whose totalSupply burns gas and one whose totalSupply reverts, in one chunk with 150 others: the 150 are quoted, the two fail alone as their contracts' failures", async () => {
  const requests = plain.map((token, i) => ask(`plain-${i}`, token));
  // In the middle of the list, so most of the chunk's calls come after them.
  requests.splice(40, 0, ask("burner", burner));
  requests.splice(90, 0, ask("reverter", reverter));
  // One chunk, never halved: every call of the pass shares its eth_call with the two.
  const { quotes, failures } = await source({ chunks: { maxCalls: 5_000, bisections: 0 } }).fetchQuotes(requests);

  expect([...quotes.keys()].sort()).toEqual(plain.map((_, i) => `plain-${i}`).sort());
  for (const quote of quotes.values()) {
    expect(quote.price).toBeCloseTo(100 * WPLS_USD, 12);
    expect(quote.circulatingSupply).toBe(1_000_000);
  }
  expect(failures).toEqual([
    { coinId: "burner", kind: "contract", reason: `pulsex: ${burner}'s totalSupply() ran out of gas with 40,000 gas and again with 1,000,000 of its own; there is no earlier supply reading to keep` },
    { coinId: "reverter", kind: "contract", reason: `pulsex: ${reverter}'s totalSupply() reverted with 40,000 gas and again with 1,000,000 of its own; there is no earlier supply reading to keep` },
  ]);
  // Every supply read of the pass went in one chunk; the two failed ones were asked again in one more request.
  const withSupplies = requestsWith(SELECTORS.totalSupply).map((request) => request.calls!.filter((call) => call.selector === SELECTORS.totalSupply).map((call) => call.target));
  expect(withSupplies).toHaveLength(2);
  expect(withSupplies[0]).toHaveLength(152);
  expect(withSupplies[1]).toEqual([burner, reverter]);
});

test("a pair whose getReserves reverts is reported by name, failing its token as its contract's failure; the others are quoted", async () => {
  const poolCache = createMemoryPoolCache();
  const requests = [ask("first", plain[0]!), ask("broken", brokenPool), ask("last", plain[1]!)];
  expect((await source({ poolCache }).fetchQuotes(requests)).failures).toEqual([]);

  // The pair's code becomes a contract without getReserves: every call of it reverts.
  await createTestClient({ mode: "ganache", transport: http(chain.rpcUrl) }).setCode({ address: brokenPair, bytecode: compileTestContracts().RevertingToken.deployedBytecode });
  const { quotes, failures } = await source({ poolCache }).fetchQuotes(requests);
  expect([...quotes.keys()]).toEqual(["first", "last"]);
  expect(failures).toEqual([
    {
      coinId: "broken",
      kind: "contract",
      reason: `pulsex: the PulseX pair ${brokenPair} of ${brokenPool} and ${chain.contracts.wpls} failed getReserves(): it reverted with 15,000 gas and again with 1,000,000 of its own`,
    },
  ]);
});

test("a totalSupply that starts reverting keeps the last supply read, says when that was, and notes it; with no earlier reading the coin fails as its contract's", async () => {
  const poolCache = createMemoryPoolCache();
  const readAt = new Date("2026-11-25T10:00:00Z");
  const first = await source({ poolCache, now: () => readAt }).fetchQuotes([ask("keeper", keeper)]);
  expect(first.quotes.get("keeper")).toMatchObject({ circulatingSupply: 1_000_000, provenance: { supplyReadAt: readAt.toISOString(), supplyNotice: null } });

  await chain.setTokenMode(keeper, "reverts");
  // Two hours on, the reading is over an hour old: due again, and this time totalSupply reverts.
  const later = await source({ poolCache, now: () => new Date(readAt.getTime() + 2 * 3_600_000) }).fetchQuotes([ask("keeper", keeper)]);
  expect(later.failures).toEqual([]);
  const quote = later.quotes.get("keeper")!;
  expect(quote.price).toBeCloseTo(100 * WPLS_USD, 12);
  expect(quote).toMatchObject({
    circulatingSupply: 1_000_000,
    marketCap: expect.closeTo(1_000_000 * 100 * WPLS_USD, 6),
    provenance: {
      supplyReadAt: readAt.toISOString(),
      supplyNotice: "the token's contract failed this pass's supply read (totalSupply() reverted with 40,000 gas and again with 1,000,000 of its own), so the supply read then is used",
    },
  });
  expect(later.notes).toContain(`pulsex: keeper: ${keeper}'s totalSupply() reverted with 40,000 gas and again with 1,000,000 of its own; its supply read at ${readAt.toISOString()} is kept`);

  const fresh = await source().fetchQuotes([ask("keeper", keeper)]);
  expect(fresh.quotes.size).toBe(0);
  expect(fresh.failures).toEqual([{ coinId: "keeper", kind: "contract", reason: expect.stringMatching(/totalSupply\(\) reverted .*; there is no earlier supply reading to keep$/) }]);
});

test("a token whose whole supply is at burn addresses is published with a market cap of 0, and its provenance says why", async () => {
  // pepe stands for BURNT: 999,000 at 0x…dEaD and the 1,000 in its pool listed as burned too.
  await db().coin.updateMany({ data: { quoteSource: null } });
  await db().coin.update({
    where: { id: "pepe" },
    data: {
      quoteSource: "pulsex",
      quoteId: burned,
      contractAddress: burned,
      burnAddresses: JSON.stringify([BURN_DEAD, burnedPair]),
      priceSource: "pulsex",
      // 20,000 WPLS each = $6: no big move to hold back.
      currentPrice: 6,
      marketCap: 6_000_000,
      circulatingSupply: null,
    },
  });
  const pulsex = createPulseXSource({ client: createPulseChainClient(chain.rpcUrl, { retries: 0, timeoutMs: 90_000 }), contracts });
  const report = await runRefreshPass(db(), [pulsex], { log: () => {} });
  expect(report.failed).toEqual([]);
  expect(report.updated).toEqual(["pepe"]);
  const coin = await db().coin.findUniqueOrThrow({ where: { id: "pepe" } });
  expect(coin.currentPrice).toBeCloseTo(20_000 * WPLS_USD, 9);
  expect(coin.marketCap).toBe(0);
  expect(coin.circulatingSupply).toBe(0);
  expect(parseProvenance(coin.provenance)).toMatchObject({ source: "pulsex", supplyNotice: "all of its supply is at burn addresses, so its market cap is 0", supplyReadAt: expect.any(String) });
});

test("through the refresh pass, the two fail each pass while their neighbour publishes; the third failure quarantines them, and the next pass within the hour leaves them out", async () => {
  await db().coin.updateMany({ data: { quoteSource: null } });
  // pepe stands for the gas burner, trump for the reverter, bear for an ordinary token beside them.
  const standIns: [string, Address][] = [["pepe", burner], ["trump", reverter], ["bear", plain[0]!]];
  for (const [id, token] of standIns) {
    await db().coin.update({ where: { id }, data: { quoteSource: "pulsex", quoteId: token, contractAddress: token, burnAddresses: JSON.stringify([BURN_DEAD]), priceSource: "pulsex", circulatingSupply: null } });
  }
  // bear was last published at its pool's price, so no big-move guard holds it.
  await db().coin.update({ where: { id: "bear" }, data: { currentPrice: 100 * WPLS_USD } });
  const start = Date.parse("2026-11-26T06:00:00Z");
  // The toy pools hold $60: the floor has its own tests.
  const pass = (minutes: number) => runRefreshPass(db(), [source({ poolCache: createMemoryPoolCache() })], { log: () => {}, minLiquidityUsd: 0, now: () => new Date(start + minutes * 60_000) });

  for (const minutes of [0, 5]) {
    const report = await pass(minutes);
    expect(report.updated).toEqual(["bear"]);
    // In the order asked (stalest first), which the earlier tests' prices set.
    expect(report.failed.map((failure) => [failure.coinId, failure.kind]).sort()).toEqual([["pepe", "contract"], ["trump", "contract"]]);
    expect(report.quarantine.started).toEqual([]);
  }
  const third = await pass(10);
  expect(third.updated).toEqual(["bear"]);
  expect(third.quarantine.started.map((entry) => entry.coinId).sort()).toEqual(["pepe", "trump"]);
  expect(await db().coin.findUniqueOrThrow({ where: { id: "pepe" } })).toMatchObject({ contractFailures: 3, quarantinedAt: new Date(start + 10 * 60_000) });

  proxy.requests.length = 0;
  const fourth = await pass(15);
  expect(fourth.updated).toEqual(["bear"]);
  expect(fourth.failed).toEqual([]);
  expect(fourth.quarantine.resting.sort()).toEqual(["pepe", "trump"]);
  // Neither contract was asked anything.
  const targets = proxy.requests.flatMap((request) => request.calls ?? []).map((call) => call.target.toLowerCase());
  expect(targets).not.toContain(burner.toLowerCase());
  expect(targets).not.toContain(reverter.toLowerCase());
});
