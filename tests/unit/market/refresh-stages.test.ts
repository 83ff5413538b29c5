// The refresh pass's pure steps (lib/market/pass/*), each on its own: group the coins and build
// their requests, judge the answers, turn what publishes into rows, pick the source checks, and
// decide when thinning runs. Coins are plain objects; figures are worked out by hand.
import type { Coin } from "@/lib/generated/prisma/client";
import { groupBy } from "@/lib/market/group-by";
import { judge, judgeAnswers, type HoldOutcome, type Outcome, type PublishOutcome } from "@/lib/market/pass/judge";
import { aboveHigh, NO_NEW_HIGH, newlyLow, pendingMoves, publishedOf, publishedRows } from "@/lib/market/pass/published-rows";
import { emptyReport } from "@/lib/market/pass/report";
import { groupBySource, quoteRequests, type SourceAnswer } from "@/lib/market/pass/requests";
import { disagreementLines, freshOnchainPrices, onchainTokens, plsCheck, summarizeChecks } from "@/lib/market/pass/source-checks";
import { THIN_EVERY_MS, thinningDue } from "@/lib/market/thinning";
import type { CoinCheck } from "@/lib/market/pass/token-checks.server";
import type { Quote } from "@/lib/market/types";

const AT = new Date("2026-11-24T12:00:00Z");
const token = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

/** A PulseChain token quoted on chain by its own contract, unless overridden. */
function coin(id: string, overrides: Partial<Coin> = {}): Coin {
  const address = `0x${Buffer.from(id).toString("hex").padStart(40, "0")}`;
  return {
    id,
    symbol: id.toUpperCase(),
    name: id,
    logoUrl: null,
    currentPrice: 1,
    marketCap: 1_000_000,
    priceChange24h: null,
    rank: 1,
    chain: "pulsechain",
    contractAddress: address,
    circulatingSupply: 1_000_000,
    decimals: 18,
    tags: "",
    burnAddresses: null,
    priceSource: "pulsex",
    quoteSource: "pulsex",
    quoteId: address,
    liquidityUsd: 100_000,
    priceUpdatedAt: null,
    lowLiquidity: false,
    pendingPrice: null,
    pendingSince: null,
    pendingSupply: null,
    pendingSupplySince: null,
    athPrice: null,
    athMarketCap: null,
    athAt: null,
    athMarketCapAt: null,
    athMarketCapEstimated: false,
    provenance: null,
    sourceCheck: null,
    sourceCheckedAt: null,
    sourcesDisagree: false,
    supplyNote: null,
    forkOf: null,
    historyBackfilledAt: null,
    listedAt: AT,
    updatedAt: AT,
    ...overrides,
  } as Coin;
}
const quote = (price: number, overrides: Partial<Quote> = {}): Quote => ({ price, marketCap: null, change24h: null, liquidityUsd: 100_000, ...overrides });
const publish = (c: Coin, price: number, marketCap: number, overrides: Partial<PublishOutcome> = {}): PublishOutcome => ({
  kind: "publish",
  coin: c,
  source: "pulsex",
  quote: quote(price),
  marketCap,
  circulatingSupply: c.circulatingSupply,
  pendingSupply: null,
  pendingSupplySince: null,
  supplyHeldBack: null,
  ...overrides,
});

test("a pass starts from an empty report stamped with its start", () => {
  expect(emptyReport(AT)).toEqual({
    startedAt: "2026-11-24T12:00:00.000Z",
    finishedAt: "",
    updated: [],
    failed: [],
    heldBack: [],
    lowLiquidity: [],
    deferred: [],
    notes: [],
    quarantine: { started: [], lifted: [], resting: [] },
    crossCheck: null,
    sourceChecks: { asked: 0, checked: 0, disagree: [] },
    leaseLost: false,
    changed: [],
    alerts: null,
  });
  // Each report its own arrays: one pass's entries never show in another's.
  const first = emptyReport(AT);
  first.failed.push({ coinId: "a", source: "pulsex", reason: "x" });
  expect(emptyReport(AT).failed).toEqual([]);
});

describe("requests", () => {
  test("groupBy keeps the groups and their items in the order first met", () => {
    expect([...groupBy([3, 1, 4, 1, 5, 9, 2, 6], (n) => n % 3)]).toEqual([[0, [3, 9, 6]], [1, [1, 4, 1]], [2, [5, 2]]]);
  });

  test("coins by source, each source's coins in the pass's stalest-first order", () => {
    const coins = [coin("a"), coin("b", { quoteSource: "coingecko" }), coin("c"), coin("d", { quoteSource: "dexscreener" }), coin("e", { quoteSource: "coingecko" })];
    const bySource = groupBySource(coins);
    expect([...bySource].map(([source, list]) => [source, list.map(({ id }) => id)])).toEqual([["pulsex", ["a", "c"]], ["coingecko", ["b", "e"]], ["dexscreener", ["d"]]]);
  });

  test("a request per coin: its id at the source, its burn list, and a 24h change only when the site has no price from 24 h ago", () => {
    const burn = token(0xdead);
    const coins = [coin("a", { burnAddresses: JSON.stringify([burn]) }), coin("b", { burnAddresses: "not json" })];
    expect(quoteRequests(coins, new Map([["b", 0.5]]))).toEqual([
      { coinId: "a", quoteId: coins[0]!.quoteId, burnAddresses: [burn], wantsChange24h: true },
      { coinId: "b", quoteId: coins[1]!.quoteId, burnAddresses: undefined, wantsChange24h: false },
    ]);
  });
});

describe("judge", () => {
  test("a DEX quote under the floor flags the coin; a CoinGecko quote knows no floor", () => {
    expect(judge(coin("a"), "pulsex", quote(1, { liquidityUsd: 4_999 }), 5_000, AT)).toEqual({ kind: "low-liquidity" });
    expect(judge(coin("a"), "dexscreener", quote(1, { liquidityUsd: null }), 5_000, AT)).toEqual({ kind: "low-liquidity" });
    expect(judge(coin("a", { quoteSource: "coingecko" }), "coingecko", quote(1, { liquidityUsd: null, marketCap: 9 }), 5_000, AT)).toMatchObject({ kind: "publish" });
  });

  test("a big move from a thin pool is held with the coin", () => {
    const held = judge(coin("a"), "pulsex", quote(10, { liquidityUsd: 10_000 }), 5_000, AT) as HoldOutcome;
    expect(held).toMatchObject({ kind: "hold", pendingPrice: 10, pendingSince: AT });
    expect(held.coin.id).toBe("a");
    expect(held.reason).toMatch(/^price moved 10x/);
  });

  test("the coin's own quote brings its supply and market cap; a quote through another token (PLS through WPLS) does not", () => {
    const own = judge(coin("a"), "pulsex", quote(2, { marketCap: 5_000_000, circulatingSupply: 2_500_000 }), 5_000, AT);
    expect(own).toMatchObject({ kind: "publish", source: "pulsex", marketCap: 5_000_000, circulatingSupply: 2_500_000 });
    const pls = coin("pls", { contractAddress: null, circulatingSupply: 100 });
    const throughWpls = judge(pls, "pulsex", quote(2, { marketCap: 5_000_000, circulatingSupply: 2_500_000 }), 5_000, AT);
    expect(throughWpls).toMatchObject({ kind: "publish", marketCap: 200, circulatingSupply: 100 });
  });

  test("no market cap and nothing to derive one from fails the coin", () => {
    const bare = coin("a", { circulatingSupply: null, currentPrice: 0, marketCap: 0 });
    expect(judge(bare, "pulsex", quote(2), 5_000, AT)).toEqual({ kind: "fail", reason: "no market cap and no circulating supply to derive one" });
  });

  test("a supply of 0 measured for the coin itself (all of it at burn addresses) publishes a market cap of 0, not one from an older supply", () => {
    const burned = judge(coin("a", { circulatingSupply: null }), "pulsex", quote(2, { marketCap: 0, circulatingSupply: 0 }), 5_000, AT);
    expect(burned).toMatchObject({ kind: "publish", marketCap: 0, circulatingSupply: 0 });
    // PLS through WPLS: WPLS's supply is not PLS's, whatever it is.
    const pls = judge(coin("pls", { contractAddress: null, circulatingSupply: 100 }), "pulsex", quote(2, { marketCap: 0, circulatingSupply: 0 }), 5_000, AT);
    expect(pls).toMatchObject({ kind: "publish", marketCap: 200, circulatingSupply: 100 });
  });

  test("a pump judged on the pool before it: $16,000 at the last published price, $55,000 now, is held", () => {
    const held = judge(coin("a", { liquidityUsd: 16_000 }), "pulsex", quote(12, { liquidityUsd: 55_000 }), 5_000, AT) as HoldOutcome;
    expect(held).toMatchObject({ kind: "hold", pendingPrice: 12, reason: expect.stringContaining("in a pool with $16000 liquidity before the move ($55000 after it)") });
  });

  const SUPPLY_REASON = "circulating supply moved 10x (1000000 -> 10000000); market cap kept at the last published supply until the next pass confirms it";

  test("a mint of 10x: the price publishes with the last published supply and market cap, the new supply waits", () => {
    // Published: $1, 1,000,000 circulating. The quote: $1.1 and 10,000,000 (cap $11M).
    const minted = judge(coin("a"), "pulsex", quote(1.1, { marketCap: 11_000_000, circulatingSupply: 10_000_000 }), 5_000, AT);
    expect(minted).toEqual({
      kind: "publish",
      coin: coin("a"),
      source: "pulsex",
      quote: quote(1.1, { marketCap: 11_000_000, circulatingSupply: 10_000_000 }),
      marketCap: 1.1 * 1_000_000,
      circulatingSupply: 1_000_000,
      pendingSupply: 10_000_000,
      pendingSupplySince: AT,
      supplyHeldBack: SUPPLY_REASON,
    });
    // The next pass reads it again (9,000,000: within 2x): published, and nothing waits.
    const next = new Date(AT.getTime() + 5 * 60_000);
    const waiting = coin("a", { currentPrice: 1.1, marketCap: 1_100_000, pendingSupply: 10_000_000, pendingSupplySince: AT });
    expect(judge(waiting, "pulsex", quote(1.1, { marketCap: 9_900_000, circulatingSupply: 9_000_000 }), 5_000, next)).toMatchObject({
      kind: "publish",
      marketCap: 9_900_000,
      circulatingSupply: 9_000_000,
      pendingSupply: null,
      pendingSupplySince: null,
      supplyHeldBack: null,
    });
    // Burned back before it: the old supply publishes, the pending one is cleared.
    expect(judge(waiting, "pulsex", quote(1.1, { marketCap: 1_100_000, circulatingSupply: 1_000_000 }), 5_000, next)).toMatchObject({ marketCap: 1_100_000, circulatingSupply: 1_000_000, pendingSupply: null, supplyHeldBack: null });
  });

  test("a price held back keeps a moved supply waiting with it, and says both; a quote through another token's supply is not judged", () => {
    const both = judge(coin("a", { liquidityUsd: 10_000 }), "pulsex", quote(10, { liquidityUsd: 10_000, marketCap: 1e8, circulatingSupply: 10_000_000 }), 5_000, AT) as HoldOutcome;
    expect(both).toMatchObject({ kind: "hold", pendingPrice: 10, pendingSince: AT, pendingSupply: 10_000_000, pendingSupplySince: AT });
    expect(both.reason).toMatch(new RegExp(`^price moved 10x .*; ${SUPPLY_REASON.replace(/[()]/g, "\\$&")}$`));
    // The supply barely moved: nothing waits but the price.
    expect(judge(coin("a"), "pulsex", quote(10, { liquidityUsd: 10_000, circulatingSupply: 1_100_000 }), 5_000, AT)).toMatchObject({ kind: "hold", pendingSupply: null, pendingSupplySince: null });
    // PLS through WPLS: WPLS's supply (10,000x PLS's 100 here) says nothing about PLS.
    const pls = coin("pls", { contractAddress: null, circulatingSupply: 100 });
    expect(judge(pls, "pulsex", quote(2, { circulatingSupply: 1_000_000 }), 5_000, AT)).toMatchObject({ kind: "publish", circulatingSupply: 100, pendingSupply: null, supplyHeldBack: null });
  });
});

describe("judgeAnswers", () => {
  test("every answer's coins end in one place, with the report's entries and log lines in the order found", () => {
    const pls = coin("pls", { contractAddress: null });
    const [a, b, c, d, thin, jumpy, late] = ["a", "b", "c", "d", "thin", "jumpy", "late"].map((id) => coin(id)) as [Coin, Coin, Coin, Coin, Coin, Coin, Coin];
    const gone = [coin("g1", { quoteSource: "coingecko" }), coin("g2", { quoteSource: "coingecko" })];
    const answers: SourceAnswer[] = [
      { sourceName: "coingecko", sourceCoins: gone, result: "no such source configured" },
      {
        sourceName: "pulsex",
        sourceCoins: [pls, a, b, c, d, thin, jumpy, late],
        result: {
          quotes: new Map([
            ["pls", quote(0.00003, { marketCap: 1 })],
            ["a", quote(1.1)],
            ["d", quote(Number.NaN)],
            ["thin", quote(1, { liquidityUsd: 10 })],
            ["jumpy", quote(10, { liquidityUsd: 10_000 })],
          ]),
          failures: [
            { coinId: "late", reason: "pulsex: out of time", kind: "deferred" },
            { coinId: "b", reason: "pulsex: RPC down", kind: "unreachable" },
          ],
          notes: ["pulsex: dropped a pool"],
        },
      },
    ];
    const judged = judgeAnswers(answers, 5_000, AT);
    expect(judged.outcomes.map((outcome) => [outcome.kind, outcome.coin.id])).toEqual([["publish", "pls"], ["publish", "a"], ["hold", "jumpy"]]);
    expect(judged.onchainPls).toBe(0.00003);
    expect(judged.entries.failed).toEqual([
      { coinId: "g1", source: "coingecko", reason: "no such source configured" },
      { coinId: "g2", source: "coingecko", reason: "no such source configured" },
      { coinId: "b", source: "pulsex", reason: "pulsex: RPC down", kind: "unreachable" },
      { coinId: "c", source: "pulsex", reason: "no quote in the answer" },
      { coinId: "d", source: "pulsex", reason: "unusable price NaN" },
    ]);
    expect(judged.entries.deferred).toEqual([{ coinId: "late", source: "pulsex" }]);
    expect(judged.entries.lowLiquidity).toEqual([{ coinId: "thin", source: "pulsex", liquidityUsd: 10 }]);
    expect(judged.entries.heldBack).toEqual([{ coinId: "jumpy", source: "pulsex", reason: (judged.outcomes[2] as HoldOutcome).reason }]);
    expect(judged.entries.notes).toEqual(["pulsex: dropped a pool"]);
    expect(judged.lines).toEqual([
      "[market] coingecko g1: no such source configured",
      "[market] coingecko g2: no such source configured",
      "[market] pulsex: dropped a pool",
      "[market] pulsex b: pulsex: RPC down",
      "[market] pulsex c: no quote in the answer",
      "[market] pulsex d: unusable price NaN",
      "[market] pulsex thin: low liquidity: pool $10 is under the $5000 floor; last good price kept",
      `[market] pulsex jumpy: held back: ${(judged.outcomes[2] as HoldOutcome).reason}`,
      "[market] 1 coins deferred to the next pass (time budget)",
    ]);
  });

  test("a supply held back is reported and logged while the coin's price still publishes", () => {
    const minted = coin("minted");
    const judged = judgeAnswers([{ sourceName: "pulsex", sourceCoins: [minted], result: { quotes: new Map([["minted", quote(1, { circulatingSupply: 10_000_000 })]]), failures: [] } }], 5_000, AT);
    expect(judged.outcomes).toMatchObject([{ kind: "publish", coin: { id: "minted" }, marketCap: 1_000_000, pendingSupply: 10_000_000 }]);
    const reason = "circulating supply moved 10x (1000000 -> 10000000); market cap kept at the last published supply until the next pass confirms it";
    expect(judged.entries.heldBack).toEqual([{ coinId: "minted", source: "pulsex", reason }]);
    expect(judged.lines).toEqual([`[market] pulsex minted: held back: ${reason}`]);
  });

  test("PLS priced by another source is no on-chain PLS price; nothing deferred, no deferral line", () => {
    const pls = coin("pls", { contractAddress: null, quoteSource: "dexscreener" });
    const judged = judgeAnswers([{ sourceName: "dexscreener", sourceCoins: [pls], result: { quotes: new Map([["pls", quote(0.00003)]]), failures: [] } }], 5_000, AT);
    expect(judged.onchainPls).toBeNull();
    expect(judged.outcomes).toHaveLength(1);
    expect(judged.lines).toEqual([]);
  });
});

describe("published rows", () => {
  const writtenAt = AT;
  const minutesAgo = (minutes: number) => new Date(AT.getTime() - minutes * 60_000);

  test("only the coins above a high (price or market cap, or none stored) have their last hour read", () => {
    const published = [
      publish(coin("none"), 1, 10),
      publish(coin("under", { athPrice: 2, athMarketCap: 20 }), 1, 10),
      publish(coin("price", { athPrice: 0.5, athMarketCap: 20 }), 1, 10),
      publish(coin("cap", { athPrice: 2, athMarketCap: 5 }), 1, 10),
      publish(coin("equal", { athPrice: 1, athMarketCap: 10 }), 1, 10),
    ];
    expect(aboveHigh(published)).toEqual(["none", "price", "cap"]);
  });

  test("publishedOf keeps the prices to publish, pendingMoves the moves held", () => {
    const held: HoldOutcome = { kind: "hold", coin: coin("h"), pendingPrice: 9, pendingSince: AT, pendingSupply: null, pendingSupplySince: null, reason: "r" };
    const both: HoldOutcome = { ...held, coin: coin("hs"), pendingSupply: 1e7, pendingSupplySince: AT };
    const outcomes: Outcome[] = [publish(coin("a"), 1, 10), held, publish(coin("b"), 2, 20), both];
    expect(publishedOf(outcomes).map(({ coin: { id } }) => id)).toEqual(["a", "b"]);
    expect(pendingMoves(outcomes)).toEqual([
      { id: "h", pendingPrice: 9, pendingSince: AT, pendingSupply: null, pendingSupplySince: null },
      { id: "hs", pendingPrice: 9, pendingSince: AT, pendingSupply: 1e7, pendingSupplySince: AT },
    ]);
  });

  test("a row per published price: the site's own 24h change first, a high raised only as far as the price held", () => {
    const provenance = { source: "dexscreener" as const, pairAddress: token(1), dexId: "pulsex", url: null, liquidityUsd: 1 };
    const held = publish(coin("held", { athPrice: 1, athMarketCap: 100 }), 3, 300, { quote: quote(3, { change24h: 7 }) });
    const fresh = publish(coin("fresh", { athPrice: 1, athMarketCap: 100 }), 3, 300, { source: "dexscreener", quote: quote(3, { change24h: 7, provenance: provenance as never }) });
    // "held": three earlier passes over ten minutes, the lowest at 2 and 250: the highs rise that far only.
    const recent = new Map([["held", [{ price: 2, marketCap: 250, takenAt: minutesAgo(12) }, { price: 2.5, marketCap: 260, takenAt: minutesAgo(6) }, { price: 2.8, marketCap: 280, takenAt: minutesAgo(1) }]]]);
    const rows = publishedRows([held, fresh], { references: new Map([["held", 2.4]]), recent, writtenAt });
    expect(rows[0]).toEqual({
      id: "held",
      currentPrice: 3,
      marketCap: 300,
      priceChange24h: (3 / 2.4 - 1) * 100,
      liquidityUsd: 100_000,
      circulatingSupply: 1_000_000,
      priceSource: "pulsex",
      priceUpdatedAt: writtenAt,
      athPrice: 2,
      athAt: writtenAt,
      athMarketCap: 250,
      athMarketCapAt: writtenAt,
      athMarketCapEstimated: false,
      provenance: null,
      pendingSupply: null,
      pendingSupplySince: null,
    });
    // "fresh" has no history: it raises no high yet, and takes the source's 24h change.
    expect(rows[1]).toEqual({ ...rows[0], id: "fresh", priceChange24h: 7, priceSource: "dexscreener", ...NO_NEW_HIGH, provenance: JSON.stringify(provenance) });
  });

  test("a published price whose supply was held back writes the pending supply with it; any other clears it", () => {
    const minted = publish(coin("minted"), 1, 1_000_000, { pendingSupply: 10_000_000, pendingSupplySince: AT, supplyHeldBack: "r" });
    const rows = publishedRows([minted, publish(coin("plain"), 1, 1_000_000)], { references: new Map(), recent: new Map(), writtenAt });
    expect(rows.map(({ id, circulatingSupply, pendingSupply, pendingSupplySince }) => ({ id, circulatingSupply, pendingSupply, pendingSupplySince }))).toEqual([
      { id: "minted", circulatingSupply: 1_000_000, pendingSupply: 10_000_000, pendingSupplySince: AT },
      { id: "plain", circulatingSupply: 1_000_000, pendingSupply: null, pendingSupplySince: null },
    ]);
  });

  test("only coins not flagged already are newly under the floor", () => {
    const coins = [coin("a", { lowLiquidity: true }), coin("b"), coin("c")];
    expect(newlyLow(coins, [{ coinId: "a", source: "pulsex", liquidityUsd: 1 }, { coinId: "c", source: "pulsex", liquidityUsd: null }])).toEqual(["c"]);
  });
});

describe("source checks", () => {
  const pls = coin("pls", { contractAddress: null });
  const coins = [pls, coin("a"), coin("b", { quoteSource: "dexscreener" }), coin("c")];

  test("the on-chain tokens and their fresh prices (PLS, other sources and held moves left out)", () => {
    expect(onchainTokens(coins).map(({ id }) => id)).toEqual(["a", "c"]);
    const outcomes: Outcome[] = [
      publish(pls, 0.00003, 1),
      publish(coins[1]!, 1.5, 10),
      publish(coins[2]!, 2, 10, { source: "dexscreener" }),
      { kind: "hold", coin: coins[3]!, pendingPrice: 9, pendingSince: AT, pendingSupply: null, pendingSupplySince: null, reason: "r" },
    ];
    expect(freshOnchainPrices(outcomes)).toEqual([{ coin: coins[1], price: 1.5 }]);
  });

  test("PLS against CoinGecko only with both prices and a PLS coin priced on chain", () => {
    expect(plsCheck(coins, 0.00003, 0.000032, AT)).toEqual([
      { coin: pls, check: { source: "coingecko", ours: 0.00003, theirs: 0.000032, differencePct: (0.00003 / 0.000032 - 1) * 100, agrees: false, checkedAt: AT.toISOString() } },
    ]);
    expect(plsCheck(coins, 0.00003, 0.0000301, AT)[0]!.check.agrees).toBe(true);
    expect(plsCheck(coins, null, 0.000032, AT)).toEqual([]);
    expect(plsCheck(coins, 0.00003, null, AT)).toEqual([]);
    expect(plsCheck(coins.slice(1), 0.00003, 0.000032, AT)).toEqual([]);
  });

  const check = (c: Coin, agrees: boolean, source: "coingecko" | "dexscreener" = "dexscreener"): CoinCheck => ({
    coin: c,
    check: { source, ours: 2, theirs: 1, differencePct: 100, agrees, checkedAt: AT.toISOString() },
  });

  test("the report counts the tokens asked plus PLS when it was cross-checked, and names those that disagree", () => {
    const checks = [check(coins[1]!, true), check(coins[3]!, false), check(pls, false, "coingecko")];
    expect(summarizeChecks(checks, 5, true)).toEqual({ asked: 6, checked: 3, disagree: ["c", "pls"] });
    expect(summarizeChecks([], 0, false)).toEqual({ asked: 0, checked: 0, disagree: [] });
  });

  test("a disagreement is logged once per episode: not when the coin was already flagged", () => {
    const flagged = coin("flagged", { sourcesDisagree: true });
    expect(disagreementLines([check(coins[1]!, true), check(flagged, false), check(coins[3]!, false), check(pls, false, "coingecko")])).toEqual([
      "[market] sources disagree on c: on-chain $2 vs DexScreener $1 (100.00% apart); the on-chain price stays published",
      "[market] sources disagree on pls: on-chain $2 vs CoinGecko $1 (100.00% apart); the on-chain price stays published",
    ]);
  });
});

test("thinning runs when no instance thinned in the last hour, or the last run is in the future", () => {
  const ago = (ms: number) => new Date(AT.getTime() - ms).toISOString();
  expect(thinningDue(null, AT)).toBe(true);
  expect(thinningDue(ago(THIN_EVERY_MS - 1), AT)).toBe(false);
  expect(thinningDue(ago(0), AT)).toBe(false);
  expect(thinningDue(ago(THIN_EVERY_MS), AT)).toBe(true);
  expect(thinningDue(ago(-60_000), AT)).toBe(true);
  expect(THIN_EVERY_MS).toBe(60 * 60_000);
});
