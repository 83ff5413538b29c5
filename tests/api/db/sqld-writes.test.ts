// The lease and the API's concurrent writes on a real libSQL server (sqld), as a deployment of
// several instances runs them: the same checks tests/server/market/market-refresh.test.ts,
// tests/api/account/{watchlist,saved-comparisons}.test.ts and tests/api/trending/comparisons.test.ts
// make on a local file, here with several independent clients on one sqld. The Prisma driver
// adapter runs one query at a time per client, so it is the other clients (each another
// instance's connection) that race at the server; the route handlers go through the app's own
// client (lib/db/get-db.server.ts) meanwhile.
// Two real app processes on one sqld: tests/browser/db/sqld.spec.ts.
import * as comparisons from "@/app/api/comparisons/route";
import * as saved from "@/app/api/saved-comparisons/route";
import * as watchlist from "@/app/api/watchlist/route";
import { addToWatchlist } from "@/lib/account/watchlist.server";
import { saveComparison } from "@/lib/account/saved-comparisons.server";
import { createPrismaClient, type PrismaClient } from "@/lib/db/create-client";
import { getDb } from "@/lib/db/get-db.server";
import { acquireLease, holdsLease, MARKET_REFRESH_LEASE, renewLease } from "@/lib/market/lease.server";
import { refreshMarket } from "@/lib/market/run.server";
import type { PriceSource, SourceResult } from "@/lib/market/types";
import { recordComparison } from "@/lib/trending/pair-counts.server";
import { call } from "@/tests/helpers/request";
import { useSqldDatabase } from "@/tests/helpers/sqld";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, signIn } from "@/tests/helpers/account-session";

// About racing writes, not the per-client limits (tests/api/security/rate-limited-routes.test.ts).
jest.mock("@/lib/security/rate-limit.server", () => jest.requireActual("@/tests/helpers/unlimited-rate-limit").unlimitedRateLimit);

const { server, db } = useSqldDatabase();
useAuthEnvironment();
jest.setTimeout(120_000);

/** Three more instances' connections to the same server. */
let others: PrismaClient[] = [];
beforeAll(() => {
  others = Array.from({ length: 3 }, () => createPrismaClient({ url: server().url }));
});
afterAll(async () => {
  await Promise.all(others.map((client) => client.$disconnect()));
});

/** Every client: the app's, the test's, and the three others. */
const clients = () => [getDb(), db(), ...others];

describe("the refresh lease on one sqld", () => {
  beforeEach(() => db().refreshLease.deleteMany());

  test("twelve acquirers on five clients at once: exactly one wins; it renews and holds; another wins only after it expires", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const racers = Array.from({ length: 12 }, (_, i) => ({ holder: `instance-${i}`, client: clients()[i % clients().length]! }));
    const wins = await Promise.all(racers.map(({ holder, client }) => acquireLease(client, MARKET_REFRESH_LEASE, holder, 60_000, now)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = racers[wins.indexOf(true)]!;
    const loser = racers[(wins.indexOf(true) + 1) % racers.length]!;
    expect(await db().refreshLease.findMany()).toEqual([expect.objectContaining({ name: MARKET_REFRESH_LEASE, holder: winner.holder })]);

    expect(await holdsLease(loser.client, MARKET_REFRESH_LEASE, winner.holder)).toBe(true);
    expect(await holdsLease(winner.client, MARKET_REFRESH_LEASE, loser.holder)).toBe(false);
    expect(await renewLease(winner.client, MARKET_REFRESH_LEASE, winner.holder, 60_000, new Date(now.getTime() + 20_000))).toBe(true);
    expect(await renewLease(loser.client, MARKET_REFRESH_LEASE, loser.holder, 60_000, new Date(now.getTime() + 20_000))).toBe(false);
    // Renewed at +20 s, so held until +80 s: not free at +61 s, free after +80 s.
    expect(await acquireLease(loser.client, MARKET_REFRESH_LEASE, loser.holder, 60_000, new Date(now.getTime() + 61_000))).toBe(false);
    const afterExpiry = new Date(now.getTime() + 80_001);
    const second = await Promise.all(racers.filter((r) => r !== winner).map(({ holder, client }) => acquireLease(client, MARKET_REFRESH_LEASE, holder, 60_000, afterExpiry)));
    expect(second.filter(Boolean)).toHaveLength(1);
    expect(await holdsLease(winner.client, MARKET_REFRESH_LEASE, winner.holder)).toBe(false);
    expect(await renewLease(winner.client, MARKET_REFRESH_LEASE, winner.holder, 60_000, afterExpiry)).toBe(false);
  });

  test("refresh passes started at once from four clients: one pass, one snapshot", async () => {
    const asked: string[][] = [];
    // BTC is quoted by CoinGecko in the seed; a scripted CoinGecko answers it.
    const gecko: PriceSource = {
      name: "coingecko",
      async fetchQuotes(requests) {
        asked.push(requests.map((r) => r.coinId));
        const result: SourceResult = { quotes: new Map(), failures: [] };
        for (const { coinId } of requests) {
          if (coinId === "btc") result.quotes.set(coinId, { price: 97_000, marketCap: 1.92e12, change24h: -1.2, liquidityUsd: null });
          else result.failures.push({ coinId, reason: "coingecko: not in the answer" });
        }
        return result;
      },
    };
    const before = await db().priceSnapshot.count({ where: { coinId: "btc", sample: false } });
    const outcomes = await Promise.all(
      clients()
        .slice(1)
        .map((client, i) => refreshMarket(client, { sources: [gecko], holder: `instance-${i}`, leaseMs: 60_000, log: () => {} })),
    );
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    // One pass asked for the coins once (besides its PLS cross-check).
    expect(asked.filter((coinIds) => coinIds.includes("btc"))).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.ran)).toMatchObject({ report: { updated: ["btc"] } });
    expect(await db().priceSnapshot.count({ where: { coinId: "btc", sample: false } })).toBe(before + 1);
    expect(await db().coin.findUniqueOrThrow({ where: { id: "btc" } })).toMatchObject({ currentPrice: 97_000, priceSource: "coingecko" });
  });
});

describe("API writes on one sqld", () => {
  const COINS = ["pls", "plsx", "hex", "inc", "btc", "eth", "bnb", "sol", "xrp", "doge"];

  test("60 concurrent watchlist and saved-comparison writes, each twice or more, by the route and by other clients: every row once, every save counted once", async () => {
    const users = await Promise.all([signIn(), signIn()]);
    const known = new Set((await db().coin.findMany({ select: { id: true } })).map((c) => c.id));
    const coins = COINS.filter((id) => known.has(id)).slice(0, 5);
    expect(coins).toHaveLength(5);
    const pairs = coins.map((coin, i) => [coin, coins[(i + 1) % coins.length]!] as const);
    const before = await db().pairCount.findMany({ where: { OR: pairs.map(([coin1Id, coin2Id]) => ({ coin1Id, coin2Id })) } });
    expect(before).toEqual([]);

    // For each user, each coin is added three times and each pair saved three times: once
    // through the route (app client), twice through other clients. 2 users x 5 x 3 x 2 = 60.
    const writes: Promise<{ kind: "watchlist" | "saved"; created: boolean }>[] = [];
    users.forEach((user, u) => {
      coins.forEach((coinId, i) => {
        writes.push(
          user.browser.request(watchlist.POST, "/api/watchlist", { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ coinId }) }).then((res) => {
            if (res.status !== 200 && res.status !== 201) throw new Error(`watchlist ${coinId}: ${res.status} ${res.text}`);
            return { kind: "watchlist", created: res.status === 201 };
          }),
        );
        for (const k of [0, 1]) {
          const client = others[(u + i + k) % others.length]!;
          writes.push(addToWatchlist(client, user.userId, coinId).then(({ created }) => ({ kind: "watchlist", created })));
        }
      });
      pairs.forEach(([coin1Id, coin2Id], i) => {
        writes.push(
          user.browser.request(saved.POST, "/api/saved-comparisons", { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ coin1Id, coin2Id }) }).then((res) => {
            if (res.status !== 200 && res.status !== 201) throw new Error(`save ${coin1Id}/${coin2Id}: ${res.status} ${res.text}`);
            return { kind: "saved", created: res.status === 201 };
          }),
        );
        for (const k of [0, 1]) {
          const client = others[(u + i + k + 1) % others.length]!;
          writes.push(saveComparison(client, user.userId, coin1Id, coin2Id).then(({ created }) => ({ kind: "saved", created })));
        }
      });
    });
    expect(writes).toHaveLength(60);
    const results = await Promise.all(writes);

    // Exactly one of each item's writes created it; the rows are there once each.
    expect(results.filter((r) => r.kind === "watchlist" && r.created)).toHaveLength(10);
    expect(results.filter((r) => r.kind === "saved" && r.created)).toHaveLength(10);
    for (const user of users) {
      const entries = await db().watchlistEntry.findMany({ where: { userId: user.userId } });
      expect(entries.map((e) => e.coinId).sort()).toEqual([...coins].sort());
      const rows = await db().savedComparison.findMany({ where: { userId: user.userId } });
      expect(rows.map((r) => `${r.coin1Id}/${r.coin2Id}`).sort()).toEqual(pairs.map(([a, b]) => `${a}/${b}`).sort());
    }
    // Each pair was newly saved by each of the two users: 2 saves, not 6.
    const counted = await db().pairCount.findMany({ where: { OR: pairs.map(([coin1Id, coin2Id]) => ({ coin1Id, coin2Id })) } });
    expect(counted.map((c) => [`${c.coin1Id}/${c.coin2Id}`, c.saves]).sort()).toEqual(pairs.map(([a, b]) => [`${a}/${b}`, 2]).sort());
  });

  test("20 concurrent comparison counts of one pair, by the route and by other clients: exactly 20", async () => {
    const send = () => call(comparisons.POST, "/api/comparisons", { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ coin1Id: "hex", coin2Id: "btc" }) });
    const countOf = async () => (await db().pairCount.findUnique({ where: { coin1Id_coin2Id: { coin1Id: "hex", coin2Id: "btc" } } }))?.comparisons ?? 0;
    const before = await countOf();
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => send().then((res) => res.status)),
      ...Array.from({ length: 12 }, (_, i) => recordComparison(others[i % others.length]!, "hex", "btc").then(() => 204)),
    ]);
    expect(results).toEqual(Array(20).fill(204));
    expect(await countOf()).toBe(before + 20);
  });
});
