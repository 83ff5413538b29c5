// Two instances of the app on one libSQL server, as a self-hosted deployment runs them
// (docs/operations.md): a real sqld started here, set up by the project's own `setupDatabase`
// (what `npm run db:setup` does), and two more servers on this run's production build with
// DATABASE_URL=http://127.0.0.1:<port>. A session made on one is good on the other; 60 concurrent
// watchlist and saved-comparison writes, 20 comparison counts and the scheduler's refresh call
// on both at once, split across the two, land once each; and when sqld stops answering
// (SIGSTOP), both answer 503 database_unavailable within DATABASE_TIMEOUT_MS, and recover.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createPrismaClient, type PrismaClient } from "@/lib/db/create-client";
import { setupDatabase } from "@/lib/db-setup/setup";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { signInOverHttp } from "@/tests/bench/sign-in";
import { startFakeMarketApis, type FakeMarketApis } from "@/tests/chain/fake-market-apis";
import { startSqld, type SqldServer } from "@/tests/helpers/sqld";
import { startApp, type App } from "@/tests/browser/harness";

/** Each instance's deadline for one database request. */
const DATABASE_TIMEOUT_MS = 4_000;
const CRON_SECRET = "sqld-spec-cron-secret-0123456789";

describe("two servers on one libSQL server (sqld)", () => {
  let sqld: SqldServer | undefined;
  let apis: FakeMarketApis | undefined;
  let db: PrismaClient | undefined;
  const servers: App[] = [];

  before(async () => {
    sqld = await startSqld();
    const setupStarted = Date.now();
    const setup = await setupDatabase({ url: sqld.url });
    console.log(`# sqld ${sqld.url}: db:setup seeded ${setup.seed.seeded ? setup.seed.coins : 0} coins in ${Date.now() - setupStarted} ms`);
    db = createPrismaClient({ url: sqld.url });
    // The refresh pass's sources: CoinGecko answers every coin it quotes (the majors); the
    // PulseChain tokens' on-chain reader meets the closed RPC port and fails them (kept as they were).
    const majors = await db.coin.findMany({ where: { quoteSource: "coingecko" } });
    apis = await startFakeMarketApis({
      dexScreener: {},
      coinGecko: Object.fromEntries(majors.map((coin) => [coin.quoteId!, { priceUsd: coin.currentPrice * 1.01, change24h: 1, marketCap: coin.marketCap * 1.01 }])),
    });
    const env = {
      // One secret, as every instance of a deployment has: a session cookie one issues, the other reads.
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS),
      CRON_SECRET,
      COINGECKO_API_URL: apis.coinGeckoUrl,
      DEXSCREENER_API_URL: apis.dexScreenerUrl,
      // The comparison counts below come from 20 visitors (X-Forwarded-For from the loopback proxy).
      TRUST_PROXY: "loopback",
    };
    // One after the other: two servers starting at once on a 2-core machine can pass the 60 s start-up limit.
    for (let i = 0; i < 2; i++) servers.push(await startApp({ build: false, databaseUrl: sqld.url, env }));
  });

  after(async () => {
    sqld?.resume();
    await Promise.all(servers.map((server) => server.stop()));
    await db?.$disconnect();
    await apis?.stop();
    await sqld?.stop();
  });

  const site = (server: App) => ({ Origin: server.baseUrl, "Sec-Fetch-Site": "same-origin" });

  async function signedIn(server: App) {
    const key: Hex = generatePrivateKey();
    const cookie = await signInOverHttp(server.baseUrl, key);
    const address = privateKeyToAccount(key).address;
    const user = await db!.user.findUniqueOrThrow({ where: { address } });
    return { cookie, address, userId: user.id };
  }

  test("a session made on one server is good on the other", async () => {
    const [a, b] = servers as [App, App];
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const user = await signedIn(from);
      const res = await fetch(`${to.baseUrl}/api/auth/user`, { headers: { Cookie: user.cookie } });
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as { address: string }).address, user.address);
    }
  });

  test("60 watchlist and saved-comparison writes, 20 comparison counts and the refresh call on both servers at once: each lands once", async () => {
    const [a, b] = servers as [App, App];
    const users = [await signedIn(a), await signedIn(b), await signedIn(a)];
    const coins = ["pls", "plsx", "hex", "inc", "btc"];
    const pairs = coins.map((coin, i) => [coin, coins[(i + 1) % coins.length]!] as const);
    const countsBefore = await db!.pairCount.findMany();
    const realSnapshotsBefore = await db!.priceSnapshot.count({ where: { sample: false } });

    const write = async (server: App, cookie: string, path: string, body: unknown) => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { ...site(server), Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      assert.ok(res.status === 200 || res.status === 201, `POST ${path} ${JSON.stringify(body)} on ${server.baseUrl}: ${res.status} ${text}`);
      return { path, created: res.status === 201 };
    };
    // Each user adds each coin and saves each pair twice, once on each server.
    const writes = users.flatMap((user) =>
      [a, b].flatMap((server) => [
        ...coins.map((coinId) => () => write(server, user.cookie, "/api/watchlist", { coinId })),
        ...pairs.map(([coin1Id, coin2Id]) => () => write(server, user.cookie, "/api/saved-comparisons", { coin1Id, coin2Id })),
      ]),
    );
    assert.equal(writes.length, 60);
    const counts = Array.from({ length: 20 }, (_, i) => async () => {
      const server = i % 2 ? b : a;
      const res = await fetch(`${server.baseUrl}/api/comparisons`, {
        method: "POST",
        headers: { ...site(server), "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${i + 1}` },
        body: JSON.stringify({ coin1Id: "hex", coin2Id: "btc" }),
      });
      assert.equal(res.status, 204, `count ${i + 1}: ${res.status} ${await res.text()}`);
    });
    const refreshes = [a, b].map((server) => async () => {
      const res = await fetch(`${server.baseUrl}/api/cron/refresh`, { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
      const body = (await res.json()) as { ran: boolean; updated?: number; status?: string; reason?: string };
      assert.ok(res.status === 200, `refresh on ${server.baseUrl}: ${res.status} ${JSON.stringify(body)}`);
      return body;
    });

    const started = Date.now();
    const [written, , passes] = await Promise.all([
      Promise.all(writes.map((send) => send())),
      Promise.all(counts.map((send) => send())),
      Promise.all(refreshes.map((send) => send())),
    ]);
    console.log(`# 60 writes, 20 counts and 2 refresh calls across two servers on one sqld: ${Date.now() - started} ms`);

    // Each (user, item) was created by exactly one of its two writes, and is there once.
    assert.equal(written.filter((w) => w.created).length, 30);
    for (const user of users) {
      const entries = await db!.watchlistEntry.findMany({ where: { userId: user.userId } });
      assert.deepEqual(entries.map((e) => e.coinId).sort(), [...coins].sort());
      const saved = await db!.savedComparison.findMany({ where: { userId: user.userId } });
      assert.deepEqual(saved.map((s) => `${s.coin1Id}/${s.coin2Id}`).sort(), pairs.map(([x, y]) => `${x}/${y}`).sort());
    }
    const countOf = (rows: { coin1Id: string; coin2Id: string; comparisons: number; saves: number }[], coin1Id: string, coin2Id: string) =>
      rows.find((row) => row.coin1Id === coin1Id && row.coin2Id === coin2Id) ?? { comparisons: 0, saves: 0 };
    const countsAfter = await db!.pairCount.findMany();
    // Three users saved each pair: 3 saves each, not 6.
    for (const [x, y] of pairs) assert.equal(countOf(countsAfter, x, y).saves - countOf(countsBefore, x, y).saves, 3, `${x}/${y} saves`);
    assert.equal(countOf(countsAfter, "hex", "btc").comparisons - countOf(countsBefore, "hex", "btc").comparisons, 20);

    // One refresh pass ran (the lease), the other instance skipped; its snapshots are there once.
    const ran = passes.filter((pass) => pass.ran);
    assert.equal(ran.length, 1, JSON.stringify(passes));
    assert.match(passes.find((pass) => !pass.ran)!.reason ?? "", /lease/);
    assert.ok(ran[0]!.updated! > 0, JSON.stringify(ran[0]));
    assert.equal(await db!.priceSnapshot.count({ where: { sample: false } }), realSnapshotsBefore + ran[0]!.updated!);
  });

  test("sqld stops answering: both servers answer 503 database_unavailable within the deadline, then recover", async () => {
    const [a, b] = servers as [App, App];
    const user = await signedIn(a);
    const read = (server: App) => fetch(`${server.baseUrl}/api/watchlist`, { headers: { Cookie: user.cookie } });
    assert.equal((await read(b)).status, 200);

    sqld!.pause();
    try {
      const started = Date.now();
      const answers = await Promise.all(
        [a, b, a, b].map(async (server) => {
          const res = await read(server);
          return { ms: Date.now() - started, status: res.status, code: apiErrorSchema.parse(await res.json()).error.code };
        }),
      );
      console.log(`# sqld paused, DATABASE_TIMEOUT_MS=${DATABASE_TIMEOUT_MS}: ${answers.map((x) => `${x.status} in ${x.ms} ms`).join(", ")}`);
      for (const answer of answers) {
        assert.deepEqual({ status: answer.status, code: answer.code }, { status: 503, code: "database_unavailable" });
        // The deadline plus a wide margin for a busy 2-core machine; without a deadline, minutes.
        assert.ok(answer.ms < DATABASE_TIMEOUT_MS + 10_000, `answered after ${answer.ms} ms`);
      }
    } finally {
      sqld!.resume();
    }

    for (const server of [a, b]) {
      const deadline = Date.now() + 30_000;
      let status = (await read(server)).status;
      while (status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = (await read(server)).status;
      }
      assert.equal(status, 200, `${server.baseUrl} after sqld answers again`);
    }
  });
});
