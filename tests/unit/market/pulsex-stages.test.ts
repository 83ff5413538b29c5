// The on-chain source's pure steps (lib/market/sources/pulsex/*), each on its own: plan the coins,
// merge discovery into the cache's rows, plan the reads, interpret them, price the bases, price
// each coin, and pick the rows to save. Addresses are made up; figures are worked out by hand.
import { erc20Abi, getAddress, type Address } from "viem";
import { DEFAULT_BURN_ADDRESSES, PULSEX_MAINNET, type PulseXContracts } from "@/lib/market/onchain/contracts";
import type { CallOutcome } from "@/lib/chain/read-calls";
import type { CachedPool, SupplyReading, TokenPools } from "@/lib/market/onchain/pool-cache";
import { firstMiss, type DiscoveryFailure } from "@/lib/market/onchain/read-miss";
import { checkStablePools, type BasePool, type StableCheck } from "@/lib/market/onchain/reserves";
import { burnKeyOf, SUPPLY_MAX_AGE_MS, supplyKey, suppliesToRead } from "@/lib/market/onchain/schedule";
import { basePoolsOf, basesOf, labeller, type Bases } from "@/lib/market/sources/pulsex/bases";
import { interpretReads, type ChainReads, type PoolsRead } from "@/lib/market/sources/pulsex/chain-reads";
import { planCoins, pulsexFailure, tokensOfPass, type PassCoin } from "@/lib/market/sources/pulsex/coins";
import { coreDiscoveryMiss, mergeDiscoveries } from "@/lib/market/sources/pulsex/pools";
import { priceBases, type PricedBases } from "@/lib/market/sources/pulsex/price-bases";
import { priceCoin, priceCoins, type CoinPricing } from "@/lib/market/sources/pulsex/price-coins";
import { planReads, type ReadPlan } from "@/lib/market/sources/pulsex/read-plan";
import { rowsToSave, supplyToSave } from "@/lib/market/sources/pulsex/rows-to-save";

const addr = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, "0")}`);
const WPLS = addr(0x1000);
const DAI = addr(0x2000);
const USDC = addr(0x3000);
const HEX = addr(0x4000);
const F1 = addr(0xf1);
const F2 = addr(0xf2);
const MULTICALL = addr(0xca11);
const T1 = addr(0x5001);
const T2 = addr(0x5002);
const T3 = addr(0x5003);
const pair = (n: number) => addr(0x9000 + n);

const contracts: PulseXContracts = { wpls: WPLS, factories: [F1, F2], stablecoins: [DAI, USDC], multicall3: MULTICALL, baseTokens: [HEX] };
const bases: Bases = { wpls: WPLS, stables: [DAI, USDC], others: [HEX], all: [WPLS, DAI, USDC, HEX] };
const NOW = new Date("2026-11-24T12:00:00Z");
const pool = (n: number, base: Address, tokenIsToken0 = true, factory = F1): CachedPool => ({ pair: pair(n), factory, base, tokenIsToken0 });
const row = (token: Address, pools: CachedPool[], extra: Partial<TokenPools> = {}): TokenPools => ({ token, decimals: 18, pools, discoveredAt: NOW, supply: null, ...extra });
const coinOf = (coinId: string, token: Address, burn: readonly Address[] = DEFAULT_BURN_ADDRESSES): PassCoin => ({
  request: { coinId, quoteId: token },
  token,
  burn: [...burn],
  burnKey: burnKeyOf(burn),
});

describe("bases", () => {
  test("WPLS, the stablecoins and the other bases, checksummed, each once and in one role", () => {
    const lower = (address: Address) => address.toLowerCase() as Address;
    // WPLS listed as a stablecoin, a stablecoin listed twice and as a base: each counts once, in its first role.
    const found = basesOf({ ...contracts, stablecoins: [lower(DAI), WPLS, USDC, DAI], baseTokens: [HEX, lower(DAI), WPLS, HEX] });
    expect(found).toEqual({ wpls: WPLS, stables: [DAI, USDC], others: [HEX], all: [WPLS, DAI, USDC, HEX] });
    expect(basesOf({ ...contracts, baseTokens: undefined }).others).toEqual([]);
  });

  test("a stablecoin is priced from its WPLS pools only; another base from its WPLS and stablecoin pools", () => {
    const rows = new Map([
      [DAI, row(DAI, [pool(1, WPLS), pool(2, HEX), pool(3, USDC)])],
      [HEX, row(HEX, [pool(4, WPLS), pool(5, DAI), pool(6, T1)])],
    ]);
    expect(basePoolsOf(bases, DAI, rows).map((p) => p.pair)).toEqual([pair(1)]);
    expect(basePoolsOf(bases, HEX, rows).map((p) => p.pair)).toEqual([pair(4), pair(5)]);
    expect(basePoolsOf(bases, USDC, rows)).toEqual([]);
  });

  test("labels: mainnet addresses by name, others by role", () => {
    const labels = labeller(contracts, bases);
    expect(labels.of(PULSEX_MAINNET.factories[1]!.toLowerCase())).toBe("PulseX V2");
    expect(labels.of(WPLS)).toBe("WPLS");
    expect(labels.of(DAI)).toBe("stablecoin 0x0000…2000");
    expect(labels.of(F2)).toBe("factory 2 (0x0000…00F2)");
    expect(labels.of(HEX)).toBe("base 0x0000…4000");
  });
});

describe("planCoins", () => {
  test("a coin per contract address, in the order asked, with its own burn list or the default one; other ids fail alone", () => {
    const own = [addr(0xdead), addr(0xbeef)];
    const { coins, invalid } = planCoins([
      { coinId: "a", quoteId: T1.toLowerCase() },
      { coinId: "bad", quoteId: "pulsechain" },
      { coinId: "b", quoteId: T2, burnAddresses: [own[1]!.toLowerCase(), own[0]!] },
      { coinId: "c", quoteId: T3, burnAddresses: [] },
    ]);
    expect(coins.map((coin) => [coin.request.coinId, coin.token])).toEqual([["a", T1], ["b", T2], ["c", T3]]);
    expect(coins[0]!.burn).toEqual(DEFAULT_BURN_ADDRESSES.map((address) => getAddress(address)));
    expect(coins[0]!.burnKey).toBe(burnKeyOf(DEFAULT_BURN_ADDRESSES));
    expect(coins[1]!.burn).toEqual([own[1], own[0]]);
    // The key is sorted: the same list in another order is the same reading.
    expect(coins[1]!.burnKey).toBe(`${own[1]!.toLowerCase()},${own[0]!.toLowerCase()}`);
    // An empty list is no list: the default set.
    expect(coins[2]!.burnKey).toBe(coins[0]!.burnKey);
    expect(invalid).toEqual([{ coinId: "bad", reason: "pulsex: pulsechain is not a contract address" }]);
  });

  test("a failure names the source and carries a kind only when there is one", () => {
    expect(pulsexFailure("x", "down", "unreachable")).toEqual({ coinId: "x", reason: "pulsex: down", kind: "unreachable" });
    expect(Object.keys(pulsexFailure("x", "no pool"))).toEqual(["coinId", "reason"]);
  });

  test("the pass's tokens: the bases first, then each coin's token once", () => {
    expect(tokensOfPass(bases.all, [coinOf("a", T1), coinOf("hex", HEX), coinOf("a2", T1), coinOf("b", T2)])).toEqual([WPLS, DAI, USDC, HEX, T1, T2]);
  });
});

describe("mergeDiscoveries", () => {
  const supply: SupplyReading = { raw: 5n, burnKey: "k", readAt: new Date("2026-11-24T11:00:00Z") };
  const old = new Date("2026-11-22T00:00:00Z");

  test("a rediscovered row keeps its supply; a failed rediscovery keeps yesterday's row; a token never discovered is a failure", () => {
    const cached = new Map([
      [T1, row(T1, [pool(1, WPLS)], { discoveredAt: old, supply })],
      [T2, row(T2, [pool(2, WPLS)], { discoveredAt: old })],
    ]);
    const fresh = row(T1, [pool(1, WPLS), pool(3, HEX)]);
    const brandNew = row(HEX, [pool(4, WPLS)]);
    const merged = mergeDiscoveries(
      cached,
      new Map([
        [T1, { row: fresh }],
        [T2, { failure: { reason: "down", kind: "unreachable" as const } }],
        [T3, { failure: { reason: "not an ERC-20" } }],
        [HEX, { row: brandNew }],
      ]),
    );
    expect(merged.rows.get(T1)).toEqual({ ...fresh, supply });
    expect(merged.rows.get(T2)).toBe(cached.get(T2));
    expect(merged.rows.get(HEX)).toEqual(brandNew);
    expect(merged.rows.has(T3)).toBe(false);
    expect(merged.discovered).toEqual([{ ...fresh, supply }, brandNew]);
    expect([...merged.discoveryFailed]).toEqual([[T3, { reason: "not an ERC-20" }]]);
    // The cache's own map is left as it was.
    expect(cached.get(T1)!.pools).toHaveLength(1);
  });

  test("the pass fails on WPLS's or a stablecoin's discovery only when it did not happen", () => {
    const unreachable = { reason: "RPC down", kind: "unreachable" as const };
    expect(coreDiscoveryMiss(bases, new Map([[HEX, unreachable]]))).toBeUndefined();
    expect(coreDiscoveryMiss(bases, new Map([[DAI, { reason: "not an ERC-20" }]]))).toBeUndefined();
    expect(coreDiscoveryMiss(bases, new Map<Address, DiscoveryFailure>([[DAI, { reason: "not an ERC-20" }], [USDC, unreachable]]))).toBe(unreachable);
  });
});

describe("planReads", () => {
  test("the bases' pools, each coin's pools once, the supplies due, then the clock", () => {
    const own = [addr(0xdead)];
    const rows = new Map([
      [DAI, row(DAI, [pool(1, WPLS), pool(9, HEX)])],
      [HEX, row(HEX, [pool(2, WPLS)], { supply: { raw: 1n, burnKey: burnKeyOf(DEFAULT_BURN_ADDRESSES), readAt: NOW } })],
      [T1, row(T1, [pool(3, WPLS), pool(4, HEX)])],
      [T3, row(T3, [])],
    ]);
    const coins = [coinOf("t1", T1), coinOf("hex", HEX), coinOf("t1-again", T1), coinOf("t1-own", T1, own), coinOf("t2", T2), coinOf("t3", T3)];
    const plan = planReads({ bases, coins, rows, now: NOW, multicall3: MULTICALL });

    const described = plan.calls.map((call) => [call.functionName, call.address, ...(call.args ?? []), call.gas]);
    expect(described).toEqual([
      // DAI's WPLS pool (not its HEX pool), HEX's WPLS pool, each with both accumulators (a base's
      // pool is averaged both ways); T1's two pools with the accumulator pricing T1 (token0: price0);
      // HEX as a coin adds nothing.
      ["getReserves", pair(1), 15_000],
      ["price0CumulativeLast", pair(1), 15_000],
      ["price1CumulativeLast", pair(1), 15_000],
      ["getReserves", pair(2), 15_000],
      ["price0CumulativeLast", pair(2), 15_000],
      ["price1CumulativeLast", pair(2), 15_000],
      ["getReserves", pair(3), 15_000],
      ["price0CumulativeLast", pair(3), 15_000],
      ["getReserves", pair(4), 15_000],
      ["price0CumulativeLast", pair(4), 15_000],
      // T1 has no supply reading: read for each burn list it is asked with, once per list. HEX's is
      // fresh, and the share renewed each pass (a twelfth of 4 needs, rounded up: 1) is already met;
      // T2 has no row and T3 no pool, so neither costs a supply read.
      ["totalSupply", T1, 40_000],
      ...DEFAULT_BURN_ADDRESSES.map((holder) => ["balanceOf", T1, getAddress(holder), 40_000]),
      ["totalSupply", T1, 40_000],
      ["balanceOf", T1, own[0], 40_000],
      ["getCurrentBlockTimestamp", MULTICALL, 15_000],
    ]);
    expect([...plan.reserveCall]).toEqual([[pair(1), 0], [pair(2), 3], [pair(3), 6], [pair(4), 8]]);
    expect([...plan.cumulativeCall.values()].map(({ call, pair, index }) => [call, pair, index])).toEqual([
      [1, pair(1), 0],
      [2, pair(1), 1],
      [4, pair(2), 0],
      [5, pair(2), 1],
      [7, pair(3), 0],
      [9, pair(4), 0],
    ]);
    expect([...plan.supplyCalls]).toEqual([
      [supplyKey(T1, burnKeyOf(DEFAULT_BURN_ADDRESSES)), { total: 10, burned: [11, 12, 13] }],
      [supplyKey(T1, burnKeyOf(own)), { total: 14, burned: [15] }],
    ]);
    expect(plan.clockCall).toBe(16);
    expect(plan.stakedCall).toBeNull();
    expect(plan.nativeBurnCalls).toEqual([]);
  });

  test("the supply bases' reads after the clock: HEX's globals when HEX is asked about, each burn address's PLS when PLS is", () => {
    const rows = new Map([[HEX, row(HEX, [pool(2, WPLS)], { supply: { raw: 1n, burnKey: burnKeyOf(DEFAULT_BURN_ADDRESSES), readAt: NOW } })]]);
    const pls: PassCoin = { ...coinOf("pls", WPLS), request: { coinId: "pls", quoteId: WPLS, native: true } };
    const plan = planReads({ bases, coins: [coinOf("hex", HEX), pls], rows, now: NOW, multicall3: MULTICALL, hex: HEX });
    const tail = plan.calls.slice(plan.clockCall + 1).map((call) => [call.functionName, call.address, ...(call.args ?? [])]);
    expect(tail).toEqual([["globals", HEX], ...DEFAULT_BURN_ADDRESSES.map((holder) => ["getEthBalance", MULTICALL, getAddress(holder)])]);
    expect(plan.stakedCall).toBe(plan.clockCall + 1);
    expect(plan.nativeBurnCalls).toEqual([plan.clockCall + 2, plan.clockCall + 3, plan.clockCall + 4]);
    // Neither coin asked about: no call (HEX configured but not among the coins; no native coin).
    const none = planReads({ bases, coins: [coinOf("t1", T1)], rows, now: NOW, multicall3: MULTICALL, hex: HEX });
    expect([none.stakedCall, none.nativeBurnCalls]).toEqual([null, []]);
  });
});

describe("interpretReads", () => {
  const ok = (value: unknown): CallOutcome => ({ status: "ok", value });
  const BURN = getAddress(DEFAULT_BURN_ADDRESSES[0]!);
  // Only the calls a failure names need to be in the plan: T2's totalSupply and burn balance.
  const calls: ReadPlan["calls"] = [];
  calls[7] = { address: T2, abi: erc20Abi, functionName: "totalSupply", gas: 40_000 };
  calls[8] = { address: T2, abi: erc20Abi, functionName: "balanceOf", args: [BURN], gas: 40_000 };
  const plan: ReadPlan = {
    calls,
    reserveCall: new Map([[pair(1), 0], [pair(2), 1], [pair(3), 2], [pair(4), 3]]),
    cumulativeCall: new Map(),
    supplyCalls: new Map([
      [supplyKey(T1, "k"), { total: 4, burned: [5, 6] }],
      [supplyKey(T2, "k"), { total: 7, burned: [8] }],
      [supplyKey(T3, "k"), { total: 9, burned: [10] }],
    ]),
    stakedCall: null,
    nativeBurnCalls: [],
    clockCall: 11,
  };
  const outcomes: CallOutcome[] = [
    ok([2_000_000_000_000_000_000n, 5_000_000n, 0]), // pair 1: 2 of an 18-decimal token, 5 of a 6-decimal base
    { status: "reverted", detail: "reverted with 15,000 gas and again with 1,000,000 of its own" },
    { status: "unreachable", reason: "RPC failure reading a multicall chunk: down" },
    { status: "deferred" },
    ok(1_000n),
    ok(100n),
    ok(50n),
    ok(10n),
    { status: "reverted" },
    { status: "deferred" },
    ok(1n),
    ok(1_700_000_000n),
  ];
  const rows = new Map([
    [T1, row(T1, [])],
    [USDC, row(USDC, [], { decimals: 6 })],
  ]);
  const reads = interpretReads(plan, outcomes, rows, 123n);

  test("a pool's reserves in whole tokens, from the priced token's side", () => {
    const asToken0 = reads.pools(T1, [pool(1, USDC, true)]);
    expect(asToken0).toEqual({ pools: [{ pair: pair(1), factory: F1, base: USDC, tokenReserve: 2, baseReserve: 5 }], miss: null });
    // Seen the other way round (the token is token1): reserve1 is the token's.
    const asToken1 = reads.pools(USDC, [pool(1, T1, false)]);
    expect(asToken1.pools[0]).toMatchObject({ tokenReserve: 5, baseReserve: 2 });
  });

  test("a pool of unknown decimals is left out; a read that did not happen is the miss; a pair whose getReserves failed is a contract miss naming it", () => {
    expect(reads.pools(T1, [pool(1, HEX)])).toEqual({ pools: [], miss: null });
    const read: PoolsRead = reads.pools(T1, [pool(1, USDC), pool(3, USDC), pool(4, USDC)]);
    expect(read.pools).toHaveLength(1);
    expect(read.miss).toEqual({ reason: "RPC failure reading a multicall chunk: down", kind: "unreachable" });
    expect(reads.pools(T1, [pool(1, USDC), pool(2, USDC)])).toEqual({
      pools: [expect.objectContaining({ pair: pair(1) })],
      miss: { reason: `the PulseX pair ${pair(2)} of ${T1} and ${USDC} failed getReserves(): it reverted with 15,000 gas and again with 1,000,000 of its own`, kind: "contract" },
    });
    // A read that did not happen wins: it says the pass, not a contract, failed.
    expect(reads.pools(T1, [pool(2, USDC), pool(3, USDC)]).miss).toMatchObject({ kind: "unreachable" });
  });

  test("a supply read this pass is circulating (total minus burned); a failed call is the contract's, named; none when not due", () => {
    expect(reads.supply(T1, "k")).toEqual({ raw: 850n, burnedRaw: 150n });
    expect(reads.supply(T2, "k")).toEqual({ failure: { reason: `${T2}'s balanceOf(${BURN}) reverted`, kind: "contract" }, what: `balanceOf(${BURN}) reverted` });
    expect(reads.supply(T3, "k")).toEqual({ failure: firstMiss([{ status: "deferred" }]) });
    expect(reads.supply(T1, "other")).toBeNull();
  });

  test("the supply bases: HEX staked from globals' first field, the burn addresses' PLS summed; a failed read leaves the basis unknown", () => {
    const globals = [5n, 0n, 0n, 0n, 0n, 0n, 0n, 0n];
    const withBases = { ...plan, stakedCall: 12, nativeBurnCalls: [13, 14] };
    const read = interpretReads(withBases, [...outcomes, ok(globals), ok(7n), ok(8n)], rows, 123n);
    expect([read.staked, read.nativeBurned]).toEqual([5n, 15n]);
    const failed = interpretReads(withBases, [...outcomes, { status: "reverted" }, ok(7n), { status: "deferred" }], rows, 123n);
    expect([failed.staked, failed.nativeBurned]).toEqual([null, null]);
    expect([reads.staked, reads.nativeBurned]).toEqual([null, null]);
  });

  test("the pinned block and its time; no time when the clock call failed", () => {
    expect(reads.block).toEqual({ block: 123, blockTime: "2023-11-14T22:13:20.000Z" });
    const noClock = interpretReads(plan, outcomes.map((outcome, i) => (i === 11 ? { status: "reverted" } : outcome)), rows, 123n);
    expect(noClock.block).toEqual({ block: 123, blockTime: null });
  });
});

/** Reads from a table of reserves by pair (and misses by pair), through the cached pools asked for. */
function tableReads(reserves: Map<Address, [number, number]>, misses = new Map<Address, { reason: string; kind: "unreachable" | "deferred" }>()): Pick<ChainReads, "pools"> {
  return {
    pools(_token, pools) {
      const read = pools.flatMap((cached) => (reserves.has(cached.pair) ? [{ pair: cached.pair, factory: cached.factory, base: cached.base, tokenReserve: reserves.get(cached.pair)![0], baseReserve: reserves.get(cached.pair)![1] }] : []));
      const miss = pools.map((cached) => misses.get(cached.pair)).find(Boolean) ?? null;
      return { pools: read, miss };
    },
  };
}

describe("priceBases", () => {
  const PUSD = addr(0x6000);
  const withPusd: Bases = { wpls: WPLS, stables: [DAI, USDC, PUSD], others: [HEX], all: [WPLS, DAI, USDC, PUSD, HEX] };
  const labels = labeller(contracts, withPusd);
  const rows = new Map([
    [DAI, row(DAI, [pool(1, WPLS)])],
    [USDC, row(USDC, [pool(2, WPLS, true, F2)])],
    [PUSD, row(PUSD, [pool(3, WPLS)])],
    [HEX, row(HEX, [pool(4, WPLS, true, F2), pool(5, DAI), pool(6, T1)])],
  ]);
  // DAI 300 / 10M WPLS and USDC 600 / 20M imply $0.00003; PUSD 309 / 10M implies $0.0000309, 3%
  // from the dollar-weighted median ($0.00003): dropped, and PUSD is valued at 10M / 309 WPLS.
  // HEX: 1,000 / 5M WPLS is $0.15 with $300 of liquidity; 100 / 10 DAI ($0.10, $20) is shallower;
  // its pool against T1 (no base) is never read. The pool against T1 has reserves in the table
  // to prove it.
  const reserves = new Map<Address, [number, number]>([
    [pair(1), [300, 10_000_000]],
    [pair(2), [600, 20_000_000]],
    [pair(3), [309, 10_000_000]],
    [pair(4), [1_000, 5_000_000]],
    [pair(5), [100, 10]],
    [pair(6), [1, 1_000_000_000]],
  ]);

  test("WPLS from the agreeing stablecoin pools, a dropped stablecoin at its WPLS price, another base from its deepest pool", () => {
    const priced = priceBases({ bases: withPusd, rows, discoveryFailed: new Map(), reads: tableReads(reserves), labels }) as PricedBases;
    expect(priced.check.price).toBeCloseTo(0.00003, 15);
    expect(priced.check.kept.map((kept) => kept.pair)).toEqual([pair(1), pair(2)]);
    expect(priced.baseUsd.get(WPLS)).toBeCloseTo(0.00003, 15);
    expect(priced.baseUsd.get(DAI)).toBe(1);
    expect(priced.baseUsd.get(USDC)).toBe(1);
    expect(priced.baseUsd.get(PUSD)).toBeCloseTo((10_000_000 / 309) * 0.00003, 12);
    expect(priced.baseUsd.get(HEX)).toBeCloseTo(0.15, 12);
    expect(priced.baseRoutes.get(HEX)!.pool.pair).toBe(pair(4));
    expect(priced.baseRoutes.get(HEX)!.liquidityUsd).toBeCloseTo(300, 9);
    expect(priced.baseMiss.size).toBe(0);
    expect(priced.notes).toEqual([
      "pulsex: stablecoin 0x0000…6000 is off its peg: valued at $0.9709 (its WPLS price × WPLS in USD), not $1",
      `pulsex: dropped the stablecoin 0x0000…6000 pool ${pair(3)} on factory 1 (0x0000…00f1): it prices WPLS at $0.00003090, 3.0% from $0.00003000`,
    ]);
  });

  test("a stablecoin pool not read fails the pass with its kind; no stablecoin pool with reserves fails it without one", () => {
    const down = { reason: "RPC failure: down", kind: "unreachable" as const };
    expect(priceBases({ bases: withPusd, rows, discoveryFailed: new Map(), reads: tableReads(reserves, new Map([[pair(2), down]])), labels })).toEqual({
      failure: { reason: "a stablecoin pool could not be read, so WPLS has no checked USD price: RPC failure: down", kind: "unreachable" },
    });
    expect(priceBases({ bases: withPusd, rows, discoveryFailed: new Map(), reads: tableReads(new Map()), labels })).toEqual({
      failure: { reason: "no WPLS/stablecoin pair has reserves, so WPLS has no USD price: the last WPLS price is kept and nothing priced through WPLS is published this pass" },
    });
  });

  test("another base whose discovery or pool read did not happen has no price, and says why", () => {
    const deferred = { reason: "out of time", kind: "deferred" as const };
    const byDiscovery = priceBases({ bases: withPusd, rows, discoveryFailed: new Map([[HEX, deferred]]), reads: tableReads(reserves), labels }) as PricedBases;
    expect(byDiscovery.baseMiss.get(HEX)).toBe(deferred);
    expect(byDiscovery.baseUsd.has(HEX)).toBe(false);
    const byRead = priceBases({ bases: withPusd, rows, discoveryFailed: new Map(), reads: tableReads(reserves, new Map([[pair(5), deferred]])), labels }) as PricedBases;
    expect(byRead.baseMiss.get(HEX)).toBe(deferred);
    expect(byRead.baseRoutes.has(HEX)).toBe(false);
    // A discovery that happened and found nothing is no miss: HEX just has no price.
    const notErc20 = priceBases({ bases: withPusd, rows: new Map([...rows].filter(([token]) => token !== HEX)), discoveryFailed: new Map([[HEX, { reason: "not an ERC-20" }]]), reads: tableReads(reserves), labels }) as PricedBases;
    expect(notErc20.baseMiss.size).toBe(0);
    expect(notErc20.baseUsd.has(HEX)).toBe(false);
  });
});

describe("priceCoin", () => {
  const labels = labeller(contracts, bases);
  const wplsPools: BasePool[] = [
    { pair: pair(1), factory: F1, base: DAI, tokenReserve: 300, baseReserve: 10_000_000 },
    { pair: pair(2), factory: F2, base: USDC, tokenReserve: 90, baseReserve: 3_000_000 },
  ].map((p) => ({ ...p, base: WPLS })); // stablecoin side as the token, WPLS as the base
  const check = checkStablePools([
    { stable: "DAI", pools: [wplsPools[0]!] },
    { stable: "USDC", pools: [wplsPools[1]!] },
  ]) as StableCheck;
  const hexRoute = { pool: { pair: pair(4), factory: F2, base: WPLS, tokenReserve: 1_000, baseReserve: 5_000_000 }, price: 0.15, liquidityUsd: 300 };
  const priced: PricedBases = {
    check,
    baseUsd: new Map<string, number>([[WPLS, 0.00003], [DAI, 1], [USDC, 1], [HEX, 0.15]]),
    baseRoutes: new Map([[HEX, hexRoute]]),
    baseMiss: new Map(),
    shallowBases: new Map(),
    notes: [],
  };
  const block = { block: 77, blockTime: "2026-11-24T11:59:50.000Z" };
  const burnKey = burnKeyOf(DEFAULT_BURN_ADDRESSES);
  const cachedSupply: SupplyReading = { raw: 4_000n * 10n ** 18n, burnKey, readAt: NOW };
  const rows = new Map([
    [WPLS, row(WPLS, [])],
    [HEX, row(HEX, [pool(4, WPLS, true, F2)], { decimals: 8, supply: { raw: 10n ** 12n, burnKey, readAt: NOW } })],
    [T1, row(T1, [pool(5, WPLS), pool(6, HEX, false, F2)], { supply: cachedSupply })],
    [T2, row(T2, [pool(7, WPLS)])],
  ]);
  // T1: 1,000 T1 / 2M WPLS ($120 of liquidity, $0.06 each) and 100 T1 / 1,000 HEX ($300, $1.50 each): HEX wins.
  const poolReads = new Map<Address, [number, number]>([
    [pair(5), [1_000, 2_000_000]],
    [pair(6), [100, 1_000]],
  ]);
  const readsWith = (supplies: Map<string, ReturnType<ChainReads["supply"]>> = new Map(), misses = new Map()): ChainReads => ({
    block,
    observations: new Map(),
    pools: tableReads(poolReads, misses).pools,
    supply: (token, key) => supplies.get(supplyKey(token, key)) ?? null,
    staked: null,
    nativeBurned: null,
  });
  const context = (overrides: Partial<CoinPricing> = {}): CoinPricing => ({ bases, rows, discoveryFailed: new Map(), priced, reads: readsWith(), labels, now: NOW, ...overrides });

  test("a token from its pool with the most tracked liquidity, with the cached supply when none was due", () => {
    const result = priceCoin(coinOf("t1", T1), context());
    expect(result).toEqual({
      quote: {
        price: 1.5,
        marketCap: 1.5 * 4_000,
        change24h: null,
        liquidityUsd: 300,
        route: "base 0x0000…4000 pool on factory 2 (0x0000…00F2)",
        circulatingSupply: 4_000,
        provenance: {
          source: "pulsex",
          pool: pair(6),
          factory: F2,
          factoryName: "factory 2 (0x0000…00F2)",
          base: HEX,
          baseSymbol: "base 0x0000…4000",
          tokenReserve: 100,
          baseReserve: 1_000,
          baseUsd: 0.15,
          liquidityUsd: 300,
          stablePools: null,
          // No earlier observation in this context: the spot price, with no window.
          averageSeconds: null,
          spotPrice: 1.5,
          ...block,
          // The cached reading's time; nothing to say about it.
          supplyReadAt: NOW.toISOString(),
          supplyNotice: null,
          // Both of its pools with a priced base, as a target's buying would move them.
          pools: [
            { pool: pair(5), base: WPLS, baseSymbol: "WPLS", tokenReserve: 1_000, baseReserve: 2_000_000, baseUsd: 0.00003 },
            { pool: pair(6), base: HEX, baseSymbol: "base 0x0000…4000", tokenReserve: 100, baseReserve: 1_000, baseUsd: 0.15 },
          ],
        },
      },
      supply: null,
    });
  });

  test("a supply the token's contract failed to give keeps the cached reading, says so and how old; with none the coin fails as its contract's", () => {
    const failed = { failure: { reason: `${T1}'s totalSupply() reverted`, kind: "contract" as const }, what: "totalSupply() reverted" };
    const kept = priceCoin(coinOf("t1", T1), context({ reads: readsWith(new Map([[supplyKey(T1, burnKey), failed]])), now: new Date(NOW.getTime() + 7_200_000) }));
    expect(kept).toMatchObject({
      quote: {
        circulatingSupply: 4_000,
        marketCap: 1.5 * 4_000,
        provenance: { supplyReadAt: NOW.toISOString(), supplyNotice: "the token's contract failed this pass's supply read (totalSupply() reverted), so the supply read then is used" },
      },
      supply: null,
      note: `pulsex: t1: ${T1}'s totalSupply() reverted; its supply read at ${NOW.toISOString()} is kept`,
    });
    // Another burn list's reading is another count: not kept.
    const otherList = priceCoin(coinOf("t1", T1, [T2]), context({ reads: readsWith(new Map([[supplyKey(T1, burnKeyOf([T2])), failed]])) }));
    expect(otherList).toEqual({ failure: { reason: `${T1}'s totalSupply() reverted; there is no earlier supply reading to keep`, kind: "contract" } });
    // A read that did not happen still fails the coin with its kind.
    const down = { failure: { reason: "chunk failed", kind: "unreachable" as const } };
    expect(priceCoin(coinOf("t1", T1), context({ reads: readsWith(new Map([[supplyKey(T1, burnKey), down]])) }))).toEqual(down);
  });

  test("a supply all at burn addresses: a market cap of 0, said as such", () => {
    const allBurned = priceCoin(coinOf("t1", T1), context({ reads: readsWith(new Map([[supplyKey(T1, burnKey), { raw: 0n, burnedRaw: 10n }]])) }));
    expect(allBurned).toMatchObject({
      quote: { price: 1.5, circulatingSupply: 0, marketCap: 0, provenance: { supplyReadAt: NOW.toISOString(), supplyNotice: "all of its supply is at burn addresses, so its market cap is 0" } },
      supply: { raw: 0n, burnKey, readAt: NOW },
    });
  });

  test("a supply read this pass is used and handed back to be saved; a supply read that failed fails the coin", () => {
    const fresh = priceCoin(coinOf("t1", T1), context({ reads: readsWith(new Map([[supplyKey(T1, burnKey), { raw: 2_000n * 10n ** 18n, burnedRaw: 0n }]])) }));
    expect(fresh).toMatchObject({ quote: { circulatingSupply: 2_000, marketCap: 1.5 * 2_000 }, supply: { raw: 2_000n * 10n ** 18n, burnKey, readAt: NOW } });
    const failed = priceCoin(coinOf("t1", T1), context({ reads: readsWith(new Map([[supplyKey(T1, burnKey), { failure: { reason: "not an ERC-20" } }]])) }));
    expect(failed).toEqual({ failure: { reason: "not an ERC-20" } });
  });

  test("WPLS from the stablecoin check, with no pool of its own", () => {
    const result = priceCoin(coinOf("pls", WPLS), context({ rows: new Map([...rows, [WPLS, row(WPLS, [], { supply: { raw: 10n ** 20n, burnKey, readAt: NOW } })]]) }));
    expect(result).toMatchObject({
      quote: { price: check.price, liquidityUsd: check.liquidityUsd, route: "WPLS from 2 stablecoin pools", circulatingSupply: 100 },
    });
    expect("quote" in result && result.quote.provenance).toEqual({
      source: "pulsex", pool: null, factory: null, factoryName: null, base: null, baseSymbol: null, tokenReserve: null, baseReserve: null, baseUsd: null,
      liquidityUsd: check.liquidityUsd, stablePools: 2, averageSeconds: null, spotPrice: expect.closeTo(0.00003, 15), ...block,
      supplyReadAt: NOW.toISOString(), supplyNotice: null,
    });
  });

  test("the supply bases in the provenance: a token's burned balances from its reading, HEX's staked supply, PLS's burned PLS", () => {
    const fresh = priceCoin(coinOf("t1", T1), context({ reads: readsWith(new Map([[supplyKey(T1, burnKey), { raw: 2_000n * 10n ** 18n, burnedRaw: 500n * 10n ** 18n }]])) }));
    expect(fresh).toMatchObject({ quote: { provenance: { burnedSupply: 500 } }, supply: { burnedRaw: 500n * 10n ** 18n } });
    // A cached reading from before burned balances were kept: no total basis, no staked one for a token that is not HEX.
    const cached = priceCoin(coinOf("t1", T1), context({ reads: { ...readsWith(), staked: 7n } }));
    expect("quote" in cached && cached.quote.provenance).not.toHaveProperty("burnedSupply");
    expect("quote" in cached && cached.quote.provenance).not.toHaveProperty("stakedSupply");
    // HEX (8 decimals) with 3 HEX staked at the block.
    const hex = priceCoin(coinOf("hex", HEX), context({ hex: HEX, reads: { ...readsWith(), staked: 3n * 10n ** 8n } }));
    expect(hex).toMatchObject({ quote: { provenance: { stakedSupply: 3 } } });
    // PLS itself: the burn addresses' PLS (18 decimals), not WPLS's balances.
    const wplsRows = new Map([...rows, [WPLS, row(WPLS, [], { supply: { raw: 10n ** 20n, burnedRaw: 10n ** 18n, burnKey, readAt: NOW } })]]);
    const pls = priceCoin({ ...coinOf("pls", WPLS), request: { coinId: "pls", quoteId: WPLS, native: true } }, context({ rows: wplsRows, reads: { ...readsWith(), nativeBurned: 42n * 10n ** 18n } }));
    expect(pls).toMatchObject({ quote: { provenance: { burnedSupply: 42 } } });
    const plsUnread = priceCoin({ ...coinOf("pls", WPLS), request: { coinId: "pls", quoteId: WPLS, native: true } }, context({ rows: wplsRows }));
    expect("quote" in plsUnread && plsUnread.quote.provenance).not.toHaveProperty("burnedSupply");
  });

  test("a base from its own route and price", () => {
    const result = priceCoin(coinOf("hex", HEX), context());
    expect(result).toMatchObject({ quote: { price: 0.15, liquidityUsd: 300, route: "WPLS pool on factory 2 (0x0000…00F2)", circulatingSupply: 10_000 } });
    const unusable = priceCoin(coinOf("hex", HEX), context({ priced: { ...priced, baseUsd: new Map([...priced.baseUsd, [HEX, 0]]) } }));
    expect(unusable).toEqual({ failure: { reason: "unusable price 0" } });
  });

  test("each thing a coin lacks is its failure, with the kind of a read that did not happen", () => {
    const down = { reason: "chunk failed", kind: "unreachable" as const };
    expect(priceCoin(coinOf("t3", T3), context({ discoveryFailed: new Map([[T3, down]]) }))).toEqual({ failure: down });
    expect(priceCoin(coinOf("t3", T3), context())).toEqual({ failure: { reason: `${T3} was not discovered`, kind: undefined } });
    expect(priceCoin(coinOf("t1", T1), context({ reads: readsWith(new Map(), new Map([[pair(6), down]])) }))).toEqual({ failure: down });
    // A base this coin trades against could not be priced: its miss, not "no pair".
    expect(priceCoin(coinOf("t1", T1), context({ priced: { ...priced, baseMiss: new Map([[HEX, down]]) } }))).toEqual({ failure: down });
    expect(priceCoin(coinOf("t2", T2), context())).toEqual({ failure: { reason: `no PulseX pair of ${T2} with WPLS or another base token has reserves` } });
  });

  test("priceCoins: quotes by coin, failures in the order asked and named for the source, supplies by token", () => {
    const read = { raw: 2_000n * 10n ** 18n, burnedRaw: 0n };
    const result = priceCoins([coinOf("t2", T2), coinOf("t1", T1), coinOf("t3", T3)], context({ reads: readsWith(new Map([[supplyKey(T1, burnKey), read]])) }));
    expect([...result.quotes.keys()]).toEqual(["t1"]);
    expect(result.failures).toEqual([
      { coinId: "t2", reason: `pulsex: no PulseX pair of ${T2} with WPLS or another base token has reserves` },
      { coinId: "t3", reason: `pulsex: ${T3} was not discovered` },
    ]);
    expect([...result.supplies]).toEqual([[T1, { raw: read.raw, burnedRaw: 0n, burnKey, readAt: NOW }]]);
  });
});

describe("rowsToSave", () => {
  test("each row discovery or a supply reading changed, once, with both changes", () => {
    const supplyA: SupplyReading = { raw: 1n, burnKey: "k", readAt: NOW };
    const supplyB: SupplyReading = { raw: 2n, burnKey: "k", readAt: NOW };
    const discoveredA = row(T1, [pool(1, WPLS)]);
    const cachedB = row(T2, [pool(2, WPLS)]);
    const untouched = row(T3, [pool(3, WPLS)]);
    const rows = new Map([[T1, discoveredA], [T2, cachedB], [T3, untouched]]);
    expect(rowsToSave([discoveredA], new Map([[T2, supplyB], [T1, supplyA]]), rows)).toEqual([
      { ...discoveredA, supply: supplyA },
      { ...cachedB, supply: supplyB },
    ]);
    expect(rowsToSave([discoveredA], new Map(), rows)).toEqual([discoveredA]);
    expect(rowsToSave([], new Map(), rows)).toEqual([]);
  });

  test("a reading more than 5x from the cached one is saved as due again, so the pass that confirms it reads the chain", () => {
    const reading = (raw: bigint): SupplyReading => ({ raw, burnKey: "k", readAt: NOW });
    const due = new Date(NOW.getTime() - SUPPLY_MAX_AGE_MS);
    // A mint of 10x, a burn to a sixth, all burned, and out of a burn address when all was burned.
    expect(supplyToSave(reading(10_000n), reading(1_000n))).toEqual({ ...reading(10_000n), readAt: due });
    expect(supplyToSave(reading(160n), reading(1_000n))).toEqual({ ...reading(160n), readAt: due });
    expect(supplyToSave(reading(0n), reading(1_000n))).toEqual({ ...reading(0n), readAt: due });
    expect(supplyToSave(reading(5n), reading(0n))).toEqual({ ...reading(5n), readAt: due });
    // Up to 5x either way, the same reading, or a token's first: saved as read.
    expect(supplyToSave(reading(5_000n), reading(1_000n))).toEqual(reading(5_000n));
    expect(supplyToSave(reading(200n), reading(1_000n))).toEqual(reading(200n));
    expect(supplyToSave(reading(0n), reading(0n))).toEqual(reading(0n));
    expect(supplyToSave(reading(10_000n), null)).toEqual(reading(10_000n));

    // Through rowsToSave, for a cached row and a rediscovered one (which keeps its cached reading).
    const minted = row(T1, [pool(1, WPLS)], { supply: { raw: 1_000n, burnKey: "k", readAt: new Date(NOW.getTime() - 10 * 60_000) } });
    const rediscovered = row(T2, [pool(2, WPLS)], { supply: { raw: 1_000n, burnKey: "k", readAt: new Date(NOW.getTime() - 10 * 60_000) } });
    const rows = new Map([[T1, minted], [T2, rediscovered]]);
    const saved = rowsToSave([rediscovered], new Map([[T1, reading(10_000n)], [T2, reading(1_100n)]]), rows);
    expect(saved).toEqual([
      { ...rediscovered, supply: reading(1_100n) },
      { ...minted, supply: { ...reading(10_000n), readAt: due } },
    ]);
    // The next pass, 5 minutes on, with two tokens (a share of 1): the minted supply is due, the other is not.
    const next = new Date(NOW.getTime() + 5 * 60_000);
    const savedRows = new Map(saved.map((saved) => [saved.token, saved]));
    expect(suppliesToRead([{ token: T1, burnKey: "k" }, { token: T2, burnKey: "k" }], savedRows, next)).toEqual(new Set([supplyKey(T1, "k")]));
  });
});

describe("interpretReads: time-weighted averages", () => {
  const Q112 = 2n ** 112n;
  const BLOCK_TIME = 1_700_000_000;
  // T1 (18 decimals) is token0 against USDC (6): 2 T1 / 5 USDC now, 2.5 USDC each. Before the
  // pair's last trade, 10 s ago, it held 2 T1 / 4 USDC (2 USDC each) since the previous pass 300 s ago.
  const priceBefore = (4_000_000n * Q112) / 2_000_000_000_000_000_000n;
  const priceNow = (5_000_000n * Q112) / 2_000_000_000_000_000_000n;
  const startCumulative = 123n * Q112;
  const plan: ReadPlan = {
    calls: [],
    reserveCall: new Map([[pair(1), 0]]),
    cumulativeCall: new Map([[`${pair(1).toLowerCase()}:0`, { call: 1, pair: pair(1), index: 0 as const }]]),
    supplyCalls: new Map(),
    clockCall: 2,
    stakedCall: null,
    nativeBurnCalls: [],
  };
  const outcomes: CallOutcome[] = [
    { status: "ok", value: [2_000_000_000_000_000_000n, 5_000_000n, BLOCK_TIME - 10] },
    { status: "ok", value: startCumulative + priceBefore * 290n },
    { status: "ok", value: BigInt(BLOCK_TIME) },
  ];
  const rows = new Map([
    [T1, row(T1, [])],
    [USDC, row(USDC, [], { decimals: 6 })],
  ]);
  const previous = new Map([[`${pair(1).toLowerCase()}:0`, { cumulative: startCumulative, time: BLOCK_TIME - 300 }]]);

  test("the pool's price averaged since the previous reading, in whole tokens, beside its reserves now", () => {
    const reads = interpretReads(plan, outcomes, rows, 9n, previous);
    const [read] = reads.pools(T1, [pool(1, USDC, true)]).pools;
    expect(read).toMatchObject({ tokenReserve: 2, baseReserve: 5, average: { basePerToken: expect.closeTo((2 * 290 + 2.5 * 10) / 300, 9), tokenPerBase: null, seconds: 300 } });
    // The reading the next pass starts from: brought up to the block's time with the reserves now.
    expect(reads.observations).toEqual(new Map([[`${pair(1).toLowerCase()}:0`, { cumulative: startCumulative + priceBefore * 290n + priceNow * 10n, time: BLOCK_TIME }]]));
  });

  test("no earlier reading, or a pair whose accumulator reverted: no average, the spot price serves", () => {
    const first = interpretReads(plan, outcomes, rows, 9n);
    expect(first.pools(T1, [pool(1, USDC, true)]).pools[0]!.average).toBeUndefined();
    const noAccumulator = interpretReads(plan, outcomes.map((outcome, i) => (i === 1 ? { status: "reverted" as const } : outcome)), rows, 9n, previous);
    expect(noAccumulator.observations.size).toBe(0);
    expect(noAccumulator.pools(T1, [pool(1, USDC, true)]).pools[0]!.average).toBeUndefined();
  });
});
