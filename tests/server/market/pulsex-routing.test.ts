// Routing, the stablecoin check and the chunked reads of the on-chain PulseX reader, on a real
// local EVM (ganache) behind a real HTTP proxy that records (and can refuse) every RPC request.
// Every expected figure is worked out by hand from the reserves deployed below.
import type { Address } from "viem";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { createMemoryPoolCache } from "@/lib/market/onchain/pool-cache";
import { createPulseXSource, type PulseXSourceOptions } from "@/lib/market/sources/pulsex.server";
import type { QuoteRequest } from "@/lib/market/types";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { SELECTORS, inCalldata, startRpcProxy, type RecordedRequest, type RpcProxy } from "@/tests/chain/rpc-proxy";

/** These fixtures' base pools hold a few hundred dollars: the liquidity floor on base pools is tried in price-attacks-on-chain.test.ts. */
const FIXTURE_FLOOR = 0;

jest.setTimeout(120_000);

let chain: LocalChain;
let proxy: RpcProxy;
let contracts: PulseXContracts;
let usdt: Address; // a stablecoin that sorts above WPLS (token1 in its pool)
let pusd: Address; // a stablecoin 3% off the others
let hexBase: Address; // a base token (PULSEX_BASE_TOKENS)
let above: Address; // sorts above WPLS
let below: Address; // sorts below WPLS
let hexOnly: Address; // only a HEX pool
let deep: Address; // a deeper DAI pool than its WPLS pool
let poison: Address; // a token whose pool's reads the proxy refuses
let poisonPair: Address;
let pusdPair: Address;

// WPLS in USD. Stablecoin pools: DAI 300 / 10M WPLS and USDT 600 / 20M WPLS both imply $0.00003;
// PUSD 309 / 10M WPLS implies $0.0000309. Weighted by the dollars (300, 600, 309 of 1,209), the
// sorted weights reach half (604.5) at the second $0.00003 pool, so the median is $0.00003; PUSD
// is (0.0000309 - 0.00003) / 0.00003 = 3% from it, over 2%, and dropped. The rest agree:
const WPLS_USD = (300 * 0.00003 + 600 * 0.00003) / 900; // = 0.00003
const WPLS_LIQUIDITY = 2 * (300 + 600); // the kept pools' dollars, both sides
// PUSD, dropped, counts at its WPLS price: 10M / 309 WPLS each.
const PUSD_USD = (10_000_000 / 309) * WPLS_USD; // ≈ $0.9709
// HEX: 5M WPLS / 1,000 HEX = 5,000 WPLS = $0.15, tracked liquidity 2 × 5M × $0.00003 = $300; its
// DAI pool (10 DAI / 100 HEX = $0.10, $20 of liquidity) is shallower and unused.
const HEX_USD = 5_000 * WPLS_USD;

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
  usdt = await chain.deployTokenSorted("Tether USD", "USDT", 6, "1000000000", "above", wpls);
  pusd = await chain.deployToken("Pulse USD", "PUSD", 18, "1000000000");
  hexBase = await chain.deployToken("HEX", "HEX", 8, "1000000000");
  contracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai, usdt, pusd], multicall3, baseTokens: [hexBase] };

  await chain.addLiquidity(factoryV1, dai, "300", wpls, "10000000");
  await chain.addLiquidity(factoryV2, usdt, "600", wpls, "20000000");
  pusdPair = await chain.addLiquidity(factoryV1, pusd, "309", wpls, "10000000");
  await chain.addLiquidity(factoryV2, hexBase, "1000", wpls, "5000000");
  await chain.addLiquidity(factoryV1, hexBase, "100", dai, "10");

  above = await chain.deployTokenSorted("Above", "ABV", 18, "1000000", "above", wpls);
  await chain.addLiquidity(factoryV1, above, "2000", wpls, "100000");
  below = await chain.deployTokenSorted("Below", "BLW", 9, "1000000", "below", wpls);
  await chain.addLiquidity(factoryV2, below, "4000", wpls, "100000");
  hexOnly = await chain.deployToken("Hex Only", "HXO", 18, "1000000");
  await chain.addLiquidity(factoryV2, hexOnly, "10000", hexBase, "2000");
  deep = await chain.deployToken("Deep Dai", "DEEP", 18, "1000000");
  await chain.addLiquidity(factoryV1, deep, "1000", wpls, "1000000");
  await chain.addLiquidity(factoryV2, deep, "1000", dai, "40");
  poison = await chain.deployToken("Poison", "PSN", 18, "1000000");
  poisonPair = await chain.addLiquidity(factoryV2, poison, "1000", wpls, "100000");

  proxy = await startRpcProxy(chain.rpcUrl);
});

afterAll(async () => {
  await proxy?.stop();
  await chain?.stop();
});

beforeEach(() => {
  proxy.requests.length = 0;
  proxy.refuseCallsContaining = null;
  proxy.stall = null;
});

// ganache runs eth_calls one at a time, at several ms per call inside a multicall on a busy
// machine: a 500-call chunk can take seconds, and the next one waits for it. A long timeout keeps
// these tests about what they test (the timeout test sets its own).
function source(options: Partial<PulseXSourceOptions> = {}) {
  return createPulseXSource({ minLiquidityUsd: FIXTURE_FLOOR, client: createPulseChainClient(proxy.url, { retries: 0, timeoutMs: 60_000 }), contracts, ...options });
}
const ask = (coinId: string, quoteId: string): QuoteRequest => ({ coinId, quoteId });
const calls = (requests: RecordedRequest[]) => requests.flatMap((request) => request.calls ?? []);

describe("token order", () => {
  test("a token sorting above WPLS (token1) and one below it (token0) are both read the right way round", async () => {
    expect(BigInt(above) > BigInt(chain.contracts.wpls)).toBe(true);
    expect(BigInt(below) < BigInt(chain.contracts.wpls)).toBe(true);
    const { quotes, failures } = await source().fetchQuotes([ask("above", above), ask("below", below)]);
    expect(failures).toEqual([]);
    // 100,000 WPLS / 2,000 ABV = 50 WPLS each; 100,000 WPLS / 4,000 BLW = 25 WPLS each.
    expect(quotes.get("above")).toMatchObject({ price: expect.closeTo(50 * 0.00003, 15), liquidityUsd: expect.closeTo(2 * 100_000 * 0.00003, 9) });
    expect(quotes.get("below")).toMatchObject({ price: expect.closeTo(25 * 0.00003, 15), circulatingSupply: 1_000_000 });
    expect(quotes.get("above")!.route).toMatch(/^WPLS pool on factory 1/);
    expect(quotes.get("below")!.route).toMatch(/^WPLS pool on factory 2/);
  });
});

describe("stablecoins", () => {
  test("WPLS is the weighted median's agreeing pools; a 3% pool is dropped, said in the notes, and its stablecoin valued at its WPLS price", async () => {
    expect(BigInt(usdt) > BigInt(chain.contracts.wpls)).toBe(true);
    const { quotes, failures, notes } = await source().fetchQuotes([ask("pls", chain.contracts.wpls), ask("usdt", usdt), ask("pusd", pusd)]);
    expect(failures).toEqual([]);
    expect(WPLS_USD).toBeCloseTo(0.00003, 15);
    expect(quotes.get("pls")).toMatchObject({ price: expect.closeTo(WPLS_USD, 15), liquidityUsd: expect.closeTo(WPLS_LIQUIDITY, 9) });
    // USDT kept: $1, its pool holding 20M WPLS worth 2 × 20M × $0.00003 = $1,200.
    expect(quotes.get("usdt")).toMatchObject({ price: 1, liquidityUsd: expect.closeTo(1_200, 9) });
    expect(quotes.get("pusd")!.price).toBeCloseTo(PUSD_USD, 12);
    expect(PUSD_USD).toBeCloseTo(0.97087, 5);
    expect(notes).toEqual([
      expect.stringMatching(/off its peg: valued at \$0\.9709/),
      expect.stringMatching(new RegExp(`dropped the stablecoin ${pusd.slice(0, 6)}….* pool ${pusdPair}.*prices WPLS at \\$0\\.00003090, 3\\.0% from \\$0\\.00003000`)),
      // A new source has no earlier reading of any accumulator: every pool prices at spot, and it says so.
      expect.stringMatching(/^pulsex: 10 of 10 pool prices are spot prices, not averages/),
    ]);
  });
});

describe("routing through base tokens", () => {
  test("a token with only a HEX pool is priced through HEX, HEX from its deepest pool against WPLS", async () => {
    const { quotes, failures } = await source().fetchQuotes([ask("hxo", hexOnly), ask("hex", hexBase)]);
    expect(failures).toEqual([]);
    expect(quotes.get("hex")).toMatchObject({ price: expect.closeTo(0.15, 12), liquidityUsd: expect.closeTo(300, 9) });
    // 2,000 HEX / 10,000 HXO = 0.2 HEX each = 0.2 × $0.15 = $0.03; tracked 2 × 2,000 × $0.15 = $600.
    expect(quotes.get("hxo")).toMatchObject({ price: expect.closeTo(0.2 * HEX_USD, 12), liquidityUsd: expect.closeTo(600, 9), marketCap: expect.closeTo(1_000_000 * 0.03, 6) });
    expect(quotes.get("hxo")!.route).toBe(`base ${hexBase.slice(0, 6)}…${hexBase.slice(-4)} pool on factory 2 (${chain.contracts.factoryV2.slice(0, 6)}…${chain.contracts.factoryV2.slice(-4)})`);
  });

  test("a token whose DAI pool holds more dollars than its WPLS pool is priced from DAI", async () => {
    const { quotes } = await source().fetchQuotes([ask("deep", deep)]);
    // WPLS pool: 1M WPLS / 1,000 = $0.03 each, tracked 2 × 1M × $0.00003 = $60.
    // DAI pool: 40 DAI / 1,000 = $0.04 each, tracked 2 × 40 × $1 = $80: the deeper one wins.
    expect(quotes.get("deep")).toMatchObject({ price: expect.closeTo(0.04, 12), liquidityUsd: expect.closeTo(80, 9) });
    expect(quotes.get("deep")!.route).toMatch(new RegExp(`^stablecoin ${chain.contracts.dai.slice(0, 6)}`));
  });
});

describe("reads", () => {
  test("the second pass uses the pool cache (no getPair), and every eth_call of a pass is pinned to the block read at its start", async () => {
    const pulsex = source();
    const requests = [ask("above", above), ask("below", below), ask("hxo", hexOnly), ask("deep", deep)];
    const first = await pulsex.fetchQuotes(requests);
    expect(first.failures).toEqual([]);
    const firstPass = proxy.requests.splice(0);
    expect(calls(firstPass).some((call) => call.selector === SELECTORS.getPair)).toBe(true);

    await chain.transfer(chain.contracts.dai, `0x${"4".repeat(40)}`, "1"); // a new block between passes
    const second = await pulsex.fetchQuotes(requests);
    // The same prices: the pools did not move (the averages over the blocks between agree with
    // the spot prices up to the accumulators' fixed-point rounding).
    const firstPrices = [...first.quotes.values()].map((quote) => quote.price);
    [...second.quotes.values()].forEach((quote, i) => expect(quote.price / firstPrices[i]!).toBeCloseTo(1, 12));
    const secondPass = proxy.requests.splice(0);
    expect(secondPass.map((request) => request.method)).toEqual(["eth_chainId", "eth_blockNumber", "eth_call"]);
    expect(calls(secondPass).some((call) => call.selector === SELECTORS.getPair || call.selector === SELECTORS.token0)).toBe(false);

    for (const pass of [firstPass, secondPass]) {
      const blocks = new Set(pass.filter((request) => request.method === "eth_call").map((request) => request.block));
      expect(blocks.size).toBe(1);
      expect([...blocks][0]).toMatch(/^0x[0-9a-f]+$/);
    }
    expect(firstPass.find((request) => request.method === "eth_call")!.block).not.toBe(secondPass[2]!.block);
  });

  test("no chunk carries more than 500 calls: 60 unknown addresses cost 705 discovery calls, sent as 500 + 205", async () => {
    const strangers = Array.from({ length: 60 }, (_, i) => ask(`stranger-${i}`, `0x${(0x1000 + i).toString(16).padStart(40, "0")}`));
    const { quotes, failures } = await source().fetchQuotes(strangers);
    expect(quotes.size).toBe(0);
    expect(failures.every((failure) => /not an ERC-20/.test(failure.reason))).toBe(true);
    // Discovery: each stranger asks decimals and getPair against 5 bases on 2 factories (11
    // calls); each of the 5 bases asks decimals and getPair against the 4 others (9 calls).
    const sizes = proxy.requests.filter((request) => request.calls).map((request) => request.calls!.length);
    expect(sizes[0]).toBe(500);
    expect(sizes[1]).toBe(60 * 11 + 5 * 9 - 500);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(500);
  });

  test("at most 4 chunks are in flight at once", async () => {
    const strangers = Array.from({ length: 60 }, (_, i) => ask(`stranger-${i}`, `0x${(0x2000 + i).toString(16).padStart(40, "0")}`));
    proxy.maxInFlight = 0;
    await source({ chunks: { maxCalls: 40 } }).fetchQuotes(strangers);
    // 705 discovery calls in chunks of 40: 18 chunks, four workers taking them in turn; then one
    // chunk of token0 (the bases' 5 pools, each found from both sides) and one of their reserves
    // with both accumulators, and the block's time.
    expect(proxy.requests.filter((request) => request.calls).map((request) => request.calls!.length)).toEqual([...new Array(17).fill(40), 25, 10, 16]);
    expect(proxy.maxInFlight).toBeLessThanOrEqual(4);
    expect(proxy.maxInFlight).toBeGreaterThan(1);
  });

  test("a chunk the RPC fails fails its coins as unreachable, with an RPC reason; coins in other chunks are priced", async () => {
    const pulsex = source({ chunks: { maxCalls: 1, bisections: 0 } });
    const requests = [ask("above", above), ask("poison", poison), ask("below", below)];
    expect((await pulsex.fetchQuotes(requests)).failures).toEqual([]);

    proxy.refuseCallsContaining = inCalldata(poisonPair);
    const { quotes, failures } = await pulsex.fetchQuotes(requests);
    // One call a chunk: the poisoned pair's reserves and its accumulator.
    expect(proxy.requests.filter((request) => request.refused)).toHaveLength(2);
    expect(failures).toEqual([{ coinId: "poison", kind: "unreachable", reason: expect.stringMatching(/^pulsex: RPC failure reading a multicall chunk: /) }]);
    expect([...quotes.keys()].sort()).toEqual(["above", "below"]);
  });

  test("a failed chunk is halved twice: only the quarter holding the failing read fails", async () => {
    const pulsex = source();
    const requests = [ask("above", above), ask("below", below), ask("hxo", hexOnly), ask("deep", deep), ask("poison", poison)];
    expect((await pulsex.fetchQuotes(requests)).failures).toEqual([]);
    proxy.requests.length = 0;
    proxy.refuseCallsContaining = inCalldata(poisonPair);
    const { quotes, failures } = await pulsex.fetchQuotes(requests);
    // The second pass reads, in order: the 3 stablecoin pools with both accumulators (calls 0-8),
    // HEX's 2 pools likewise (9-14), then with the accumulator pricing the coin ABV, BLW, HXO
    // (15-20), DEEP's 2 pools (21-24), PSN's pool (25-26), and one supply due (a twelfth of 5
    // coins, rounded up: ABV's, the first of the equally old): totalSupply and 3 burn balances
    // (27-30), and the block's time (31). 32 calls fail; halves [0,16) pass and [16,32) fail;
    // quarters [16,24) pass and [24,32) fail: DEEP's second accumulator (it prices at spot, from
    // its reserves read in [16,24)), PSN, and ABV's supply.
    expect(proxy.requests.filter((request) => request.refused).map((request) => request.calls!.length)).toEqual([32, 16, 8]);
    expect(failures.map((failure) => failure.coinId).sort()).toEqual(["above", "poison"]);
    expect(failures.every((failure) => failure.kind === "unreachable" && /RPC failure/.test(failure.reason))).toBe(true);
    expect([...quotes.keys()].sort()).toEqual(["below", "deep", "hxo"]);
  });

  test("a chunk that times out is not halved (the node is slow: more requests would not help); its coins are unreachable", async () => {
    const requests = [ask("above", above), ask("poison", poison)];
    const poolCache = createMemoryPoolCache();
    expect((await source({ poolCache }).fetchQuotes(requests)).failures).toEqual([]);
    proxy.requests.length = 0;
    proxy.stall = { containing: inCalldata(poisonPair), ms: 1_500 };
    // One chunk holds every read (the stablecoin pools too), so every coin fails with it.
    const impatient = createPulseXSource({ minLiquidityUsd: FIXTURE_FLOOR, client: createPulseChainClient(proxy.url, { retries: 0, timeoutMs: 1_000 }), contracts, poolCache });
    const { quotes, failures } = await impatient.fetchQuotes(requests);
    expect(proxy.requests.filter((request) => request.method === "eth_call")).toHaveLength(1);
    expect(quotes.size).toBe(0);
    expect(failures).toEqual(["above", "poison"].map((coinId) => ({ coinId, kind: "unreachable", reason: expect.stringMatching(/RPC failure reading a multicall chunk: The request took too long/) })));
  });

  test("when the bases' discovery fails, the coins are unreachable (not 'no stablecoin pool')", async () => {
    proxy.refuseCallsContaining = inCalldata(chain.contracts.wpls);
    const { failures } = await source().fetchQuotes([ask("below", below)]);
    expect(failures).toEqual([{ coinId: "below", kind: "unreachable", reason: expect.stringMatching(/^pulsex: the pools of WPLS and the stablecoins could not be discovered: RPC failure/) }]);
  });

  test("past the deadline no chunk starts: the coins fail as deferred", async () => {
    const pulsex = source();
    await pulsex.fetchQuotes([ask("above", above)]);
    const { quotes, failures } = await pulsex.fetchQuotes([ask("above", above), ask("below", below)], { deadline: Date.now() - 1 });
    expect(quotes.size).toBe(0);
    expect(failures.map((failure) => failure.kind)).toEqual(["deferred", "deferred"]);
  });
});
