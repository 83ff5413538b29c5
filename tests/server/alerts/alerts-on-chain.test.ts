// Alerts through real market passes (issue 39, "On the local chain"): real swaps on real Uniswap
// V2-style pairs (the local ganache chain) between real refresh passes (the market pass job: the pass,
// its evaluation inside the lease; then the delivery job's drain), each pair's accumulators stored between
// passes in the database as in production, and every firing sent by the real `web-push` to a local
// push service that checks the VAPID JWT and decrypts what the phone would show (and, in the
// first test, to a linked Telegram chat through the local Bot API server). The last two
// tests run the real `scripts/market-worker.ts` processes on the same database.
//
// Coins: BTC (B) stands for a token whose pool nobody touches, priced $0.002 (market cap $2M);
// each test's A (ETH, BNB, ...) for a token of its own at $0.001 ($1M), so A is at 0.5x of B and
// an "A reaches B's market cap" rule (1x) is armed, "above". Moving A's pool moves the ratio.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Address } from "viem";
import { generateVAPIDKeys } from "web-push";
import { drainOutbox, outboxSendsSettled } from "@/lib/alerts/outbox.server";
import { createAlertRule } from "@/lib/alerts/rules.server";
import { MARKET_REFRESH_LEASE } from "@/lib/market/lease.server";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { createPrismaObservationStore } from "@/lib/market/onchain/prisma-observation-store.server";
import type { RefreshReport } from "@/lib/market/pass/refresh.server";
import { deliverAlerts, type DeliveryReport } from "@/lib/jobs/deliver.server";
import { runMarketPass } from "@/lib/jobs/market-pass.server";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import { pairPath } from "@/lib/compare/pair-route";
import { formatMarketCap } from "@/lib/shared/format";
import { parseProvenance } from "@/lib/coins/provenance-schema";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { startMarketWorker, type WorkerProcess } from "@/tests/helpers/market-worker-process";
import { admitPushServices, startPushService, type PushService, type TestSubscription } from "@/tests/helpers/push-service";
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME, startTelegramApi, type TelegramApiServer } from "@/tests/helpers/telegram-api";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(200_000);

const { db } = useTestDatabase({ seed: true });

const vapid = generateVAPIDKeys();
const VAPID_ENV = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:ops@example.com" };
// 25 minutes of chain time between passes, as in price-attacks-on-chain.test.ts: the seconds
// between a swap and the pass after it (wall clock, which ganache stamps blocks with) stay a small
// share of the averaging window.
const PASS_GAP_S = 1_500;
const SUPPLY = 1e9;
const WPLS_USD = 0.0003;
const POOL_WPLS = 80_000_000 / 3; // $8,000 a side: a $16,000 pool
const A_PRICE = 0.001;
const B_PRICE = 0.002;

let chain: LocalChain;
let contracts: PulseXContracts;
let service: PushService;
let telegram: TelegramApiServer;
let restoreEnv: () => void;
let btc: Address;
let baseToken: Address;
/** Each pool's reserves as our own swaps left them (nobody else trades here): whole tokens, whole WPLS. */
const pools = new Map<Address, { tokens: number; wpls: number }>();

// The passes' clock: 16 hours behind the wall clock, moved with the chain's. Behind, so the outbox
// (which judges "due" by the wall clock) sends what the passes fire; moved, so a rule's cooldown
// (an hour) passes after three passes.
const CLOCK_BEHIND_MS = 16 * 60 * 60_000;
let advancedMs = 0;
const passClock = () => new Date(Date.now() - CLOCK_BEHIND_MS + advancedMs);

beforeAll(async () => {
  telegram = await startTelegramApi();
  service = await startPushService();
  restoreEnv = setEnvVars({ ...VAPID_ENV, ...admitPushServices(service), TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: TEST_BOT_USERNAME, TELEGRAM_API_ROOT: telegram.apiRoot });
  chain = await startLocalChain();
  const { wpls, dai, usdc, factoryV1, factoryV2, multicall3 } = chain.contracts;
  const usdt = await chain.deployToken("Tether USD from Ethereum", "USDT", 6, "1000000000");
  baseToken = await chain.deployToken("HEX", "HEX", 8, "1000000000");
  contracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai, usdc, usdt], multicall3, baseTokens: [baseToken] };
  await chain.addLiquidity(factoryV1, dai, "60000", wpls, "200000000");
  await chain.addLiquidity(factoryV2, usdc, "20000", wpls, String(200_000_000 / 3));
  await chain.addLiquidity(factoryV2, usdt, "10000", wpls, String(100_000_000 / 3));
  await chain.addLiquidity(factoryV2, baseToken, "100", wpls, String(1_000_000 / 3));
  btc = await token("Bitcoin", "BTC", B_PRICE);
});

afterAll(async () => {
  restoreEnv?.();
  await service?.close();
  await telegram?.close();
  await chain?.stop();
});

/** A token with a $16,000 WPLS pool at this price. */
async function token(name: string, symbol: string, priceUsd: number): Promise<Address> {
  const address = await chain.deployToken(name, symbol, 18, String(SUPPLY));
  const tokens = (POOL_WPLS * WPLS_USD) / priceUsd;
  await chain.addLiquidity(chain.contracts.factoryV2, address, tokens.toFixed(6), chain.contracts.wpls, POOL_WPLS.toFixed(6));
  pools.set(address, { tokens, wpls: POOL_WPLS });
  return address;
}

/**
 * Trades the token's pool until its price is `factor` times where it started (a buy with WPLS
 * to raise it, a sale of the token to lower it), as a trader does through the router.
 */
async function movePrice(address: Address, factor: number): Promise<void> {
  const pool = pools.get(address)!;
  const start = (POOL_WPLS * WPLS_USD) / A_PRICE;
  const target = (POOL_WPLS / start) * factor; // WPLS per token
  const price = (tokens: number, wpls: number) => wpls / tokens;
  const out = (amountIn: number, reserveIn: number, reserveOut: number) => (amountIn * 997 * reserveOut) / (reserveIn * 1000 + amountIn * 997);
  const buying = target > price(pool.tokens, pool.wpls);
  const after = (amount: number) =>
    buying ? price(pool.tokens - out(amount, pool.wpls, pool.tokens), pool.wpls + amount) : price(pool.tokens + amount, pool.wpls - out(amount, pool.tokens, pool.wpls));
  let [low, high] = [0, buying ? pool.wpls * 10 : pool.tokens * 10];
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2;
    if (buying === after(mid) < target) low = mid;
    else high = mid;
  }
  const amount = Number(low.toFixed(6));
  const { factoryV2, wpls } = chain.contracts;
  if (buying) {
    const got = await chain.swap(factoryV2, wpls, amount.toFixed(6), address);
    pools.set(address, { tokens: pool.tokens - got, wpls: pool.wpls + amount });
  } else {
    const got = await chain.swap(factoryV2, address, amount.toFixed(6), wpls);
    pools.set(address, { tokens: pool.tokens + amount, wpls: pool.wpls - got });
  }
}

/** Only A and BTC are refreshed, each standing for its local token at its starting price. */
async function quoteOnly(coins: Record<string, { token: Address; price: number }>) {
  await db().coin.updateMany({ data: { quoteSource: null } });
  for (const [id, { token: address, price }] of Object.entries(coins)) {
    await db().coin.update({
      where: { id },
      data: {
        quoteSource: "pulsex",
        quoteId: address,
        contractAddress: address,
        burnAddresses: null,
        priceSource: "pulsex",
        currentPrice: price,
        circulatingSupply: SUPPLY,
        marketCap: price * SUPPLY,
        liquidityUsd: 16_000,
        pendingPrice: null,
        pendingSince: null,
        quarantinedAt: null,
        athPrice: price,
        athMarketCap: price * SUPPLY,
      },
    });
  }
}

/**
 * One in-process pass as production runs it: the market pass job (the lease, the evaluation), then
 * the delivery job's next drain of the outbox (its budget and push deadline shortened if given).
 */
async function pass(outbox?: { budgetMs: number; pushDeadlineMs: number }): Promise<RefreshReport & { deliveries: DeliveryReport }> {
  const source = createPulseXSource({ client: createPulseChainClient(chain.rpcUrl, { retries: 0 }), contracts, observations: createPrismaObservationStore(db()) });
  const lines: string[] = [];
  const outcome = await runMarketPass(db(), { sources: [source], holder: "in-process", now: passClock, log: (line) => lines.push(line) });
  if (!outcome.ran) throw new Error(`the pass did not run: ${outcome.reason}`);
  const deliveries = await deliverAlerts(db(), { pushAgent: service.agent, log: (line) => lines.push(line), ...outbox });
  return { ...outcome.report, deliveries };
}

async function later(): Promise<void> {
  await chain.advanceTime(PASS_GAP_S);
  advancedMs += PASS_GAP_S * 1000;
}

let users = 0;

/** A user with two browsers subscribed and the rule "A reaches BTC's market cap" (1x), made as the route makes it. */
async function userWithRule(coinId: string) {
  const user = await db().user.create({ data: { address: `0x${(++users).toString(16).padStart(40, "a")}` } });
  const browsers = [service.createSubscription(vapid.publicKey), service.createSubscription(vapid.publicKey)];
  for (const [i, browser] of browsers.entries()) {
    await db().pushSubscription.create({
      data: { userId: user.id, endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth, label: i ? "Firefox on Android" : "Chrome on Linux" },
    });
  }
  const rule = await createAlertRule(db(), user.id, { kind: "reach", coinId, otherCoinId: "btc", multiple: 1 });
  expect(rule).toMatchObject({ direction: "above", level: 1, state: "armed" });
  return { user, browsers, ruleId: rule.id };
}

/** Firings the pass's evaluation wrote (0 when it did not evaluate: nothing changed). */
const fired = (report: RefreshReport) => (report.alerts && "fired" in report.alerts ? report.alerts.fired : 0);
const firings = (ruleId: number) => db().alertFiring.findMany({ where: { ruleId }, orderBy: { id: "asc" }, include: { deliveries: true } });
const messagesTo = (browser: TestSubscription) => service.messages.filter((message) => message.subscriptionId === browser.id);
const ratio = async (coinId: string) => {
  const [a, b] = await Promise.all([db().coin.findUniqueOrThrow({ where: { id: coinId } }), db().coin.findUniqueOrThrow({ where: { id: "btc" } })]);
  return a.marketCap / b.marketCap;
};

/** Sets up A beside BTC, the user and rule, and two quiet passes (the second averages). */
async function market(coinId: string, symbol: string) {
  // A worker of an earlier test (killed) may have left its lease: the passes here are the only refresher.
  await db().refreshLease.deleteMany({ where: { name: MARKET_REFRESH_LEASE } });
  const address = await token(`${symbol} here`, symbol, A_PRICE);
  await quoteOnly({ [coinId]: { token: address, price: A_PRICE }, btc: { token: btc, price: B_PRICE } });
  const owner = await userWithRule(coinId);
  await pass();
  await later();
  const quiet = await pass();
  expect(quiet.updated).toEqual(expect.arrayContaining([coinId, "btc"]));
  expect(await ratio(coinId)).toBeCloseTo(0.5, 3);
  return { address, ...owner };
}

test("A's pool moved to 1.2x B's market cap and held: the rule fires once, one decrypted message to each browser and one to the linked Telegram chat, and no more over 4 passes at the new level", async () => {
  const { address, browsers, ruleId, user } = await market("eth", "ETH");
  const chatId = "8800555";
  await db().telegramLink.create({ data: { userId: user.id, chatId } });
  await movePrice(address, 2.4);
  await later();
  const crossed = await pass();
  expect(crossed.updated).toContain("eth");
  expect(await ratio("eth")).toBeGreaterThan(1.15);
  expect(crossed.alerts).toMatchObject({ fired: 1, deliveries: 3 });
  expect(crossed.deliveries).toMatchObject({ sent: 3 });

  const eth = await db().coin.findUniqueOrThrow({ where: { id: "eth" } });
  const [firing] = await firings(ruleId);
  const text = `ETH reached BTC's market cap: ${formatMarketCap(eth.marketCap)}`;
  expect(firing).toMatchObject({ crossing: 1, message: text, url: pairPath("eth", "btc") });
  for (const browser of browsers) {
    expect(messagesTo(browser).map((message) => message.json)).toEqual([{ title: "PulseCompare", body: text, url: pairPath("eth", "btc"), tag: `firing-${firing!.id}` }]);
  }
  expect(firing!.deliveries.map((delivery) => [delivery.channel, delivery.status])).toEqual([["webpush", "sent"], ["webpush", "sent"], ["telegram", "sent"]]);
  expect(telegram.messagesTo(chatId).map((message) => message.text)).toEqual([text]);

  // Held at the new level, moving a little each pass (so every pass evaluates the rule): nothing more.
  for (const factor of [2.45, 2.5, 2.42, 2.48]) {
    await movePrice(address, factor);
    await later();
    const next = await pass();
    expect(next.updated).toContain("eth");
    expect(next.alerts).toMatchObject({ fired: 0 });
  }
  expect(await firings(ruleId)).toHaveLength(1);
  for (const browser of browsers) expect(messagesTo(browser)).toHaveLength(1);
  expect(telegram.messagesTo(chatId)).toHaveLength(1);
});

test("A's pool pushed 3x for one pass and sold back before the next: the pool crossed B's market cap, the published price did not, nothing fires", async () => {
  const { address, browsers, ruleId } = await market("bnb", "BNB");
  await later();
  // 3x: under the 5x that holds a thin pool's move back a pass, so the average alone must stop it.
  await movePrice(address, 3);
  const pumped = await pass();
  const bnb = await db().coin.findUniqueOrThrow({ where: { id: "bnb" } });
  // The pool says 1.5x B's market cap; the published price is the window's average.
  expect(parseProvenance(bnb.provenance)).toMatchObject({ spotPrice: expect.closeTo(0.003, 4) });
  expect(await ratio("bnb")).toBeLessThan(0.75);
  expect(fired(pumped)).toBe(0);

  await movePrice(address, 1);
  await later();
  const after = await pass();
  expect(await ratio("bnb")).toBeLessThan(0.75);
  expect(fired(after)).toBe(0);
  expect(await firings(ruleId)).toEqual([]);
  for (const browser of browsers) expect(messagesTo(browser)).toEqual([]);
});

test("past the margin and over again fires again only after the hour's cooldown; crossing back and forth within the 2% margin fires nothing more", async () => {
  const { address, browsers, ruleId } = await market("xrp", "XRP");
  const step = async (factor: number) => {
    await movePrice(address, factor);
    await later();
    const report = await pass();
    expect(report.updated).toContain("xrp");
    return { ratio: await ratio("xrp"), fired: fired(report) };
  };
  // Over (1.012x B's market cap): the first firing.
  expect(await step(2.024)).toMatchObject({ ratio: expect.closeTo(1.012, 2), fired: 1 });
  const firedAt = (await firings(ruleId))[0]!.firedAt;
  // Back to 0.9x, past the re-arm point (0.98x): armed again.
  expect(await step(1.8)).toMatchObject({ fired: 0 });
  expect(await db().alertRule.findUniqueOrThrow({ where: { id: ruleId } })).toMatchObject({ armed: true, crossing: 1 });
  // Over again 50 minutes after the firing, inside the hour: it waits, armed.
  const early = await step(2.06);
  expect(early.ratio).toBeGreaterThan(1);
  expect(early.fired).toBe(0);
  expect(passClock().getTime() - firedAt.getTime()).toBeLessThan(60 * 60_000);
  // Still over at the next pass, past the hour: the second firing.
  expect(await step(2.08)).toMatchObject({ fired: 1 });

  // Then hovering: 0.99x, 1.012x, 0.985x, 1.01x, 0.99x, 1.015x, never down to the re-arm point
  // (0.98x); the last crossings come well after the cooldown, so the margin is what keeps them quiet.
  const hovering = [];
  for (const factor of [1.98, 2.024, 1.97, 2.02, 1.98, 2.03]) hovering.push(await step(factor));
  expect(hovering.map((pass) => pass.ratio > 1)).toEqual([false, true, false, true, false, true]);
  expect(hovering.every((pass) => pass.ratio > 0.98)).toBe(true);
  expect(hovering.map((pass) => pass.fired)).toEqual([0, 0, 0, 0, 0, 0]);

  const both = await firings(ruleId);
  expect(both.map((firing) => firing.crossing)).toEqual([1, 2]);
  expect(both[1]!.firedAt.getTime() - both[0]!.firedAt.getTime()).toBeGreaterThanOrEqual(60 * 60_000);
  for (const browser of browsers) expect(messagesTo(browser).map((message) => (message.json as { tag: string }).tag)).toEqual(both.map((firing) => `firing-${firing.id}`));
});

test("the crossing pass with one browser's push service trickling its 201 and the other's never answering returns at the drain's budget; the next passes run; the stuck row is retried and delivered once", async () => {
  const { address, browsers, ruleId } = await market("ada", "ADA");
  const [trickling, stuck] = browsers as [TestSubscription, TestSubscription];
  service.stall(trickling, "trickle");
  service.stall(stuck, "never");
  const budgetMs = 2_000;
  try {
    await movePrice(address, 2.4);
    await later();
    const crossed = await pass({ budgetMs, pushDeadlineMs: 6_000 });
    expect(crossed.alerts).toMatchObject({ fired: 1, deliveries: 2 });
    // The trickling one answered 201: sent. The other is still in flight: the drain did not wait for it.
    expect(crossed.deliveries).toMatchObject({ sent: 1, inFlight: 1 });
    expect((crossed.deliveries as { ms: number }).ms).toBeLessThan(budgetMs + 1_000);
    // The next passes run (this process's lease is its own; another instance's would have run out on time).
    for (const factor of [2.45, 2.5]) {
      await movePrice(address, factor);
      await later();
      const next = await pass({ budgetMs, pushDeadlineMs: 6_000 });
      expect(next.updated).toContain("ada");
      expect(next.alerts).toMatchObject({ fired: 0 });
    }
  } finally {
    // The stuck send is given up at its deadline, not cut by the release.
    await outboxSendsSettled();
    service.release(trickling);
    service.release(stuck);
  }
  const [firing] = await firings(ruleId);
  const waiting = firing!.deliveries.find((delivery) => delivery.status === "pending")!;
  expect(waiting).toMatchObject({ attempts: 1, lastError: "ETIMEDOUT", claimedUntil: null });
  // Recovered: the drain once the retry is due (two at once) sends it once.
  const due = new Date(waiting.nextAttemptAt.getTime() + 1_000);
  const drains = await Promise.all(["worker-x", "worker-y"].map((holder) => drainOutbox(db(), { holder, now: due, agent: service.agent, channels: ["webpush"], log: () => {} })));
  expect(drains.reduce((sum, counts) => sum + counts.sent, 0)).toBe(1);
  for (const browser of browsers) expect(messagesTo(browser).map((message) => message.json)).toEqual([expect.objectContaining({ body: firing!.message, tag: `firing-${firing!.id}` })]);
});

// ---- Real worker processes ----

/** A local DexScreener and CoinGecko that answer 500 (the workers' other sources: down). */
let apis: Server;
let apiUrl: string;
let certDir: string;

beforeAll(async () => {
  apis = createServer((_request, response) => response.writeHead(500, { "content-type": "application/json" }).end('{"error":"down"}'));
  await new Promise<void>((resolve) => apis.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(apis.address() as AddressInfo).port}`;
  certDir = mkdtempSync(path.join(tmpdir(), "alerts-on-chain-"));
  writeFileSync(path.join(certDir, "push-service.pem"), service.certificate);
});

afterAll(async () => {
  await new Promise((resolve) => apis?.close(resolve));
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

type PassRecord = { event: string; market: { ran: boolean; alerts?: { fired: number } | null; deliveries?: { sent: number } } };
type Worker = WorkerProcess & { passes: () => PassRecord[] };

/** `scripts/market-worker.ts` as its npm script runs it, on this database, chain and push service; a pass every 1.2 s (the lease: 30 s). */
function startWorker(): Worker {
  const { wpls, factoryV1, factoryV2, multicall3 } = chain.contracts;
  const worker = startMarketWorker({
    ...VAPID_ENV,
    ...admitPushServices(service),
    MARKET_REFRESH_INTERVAL_MINUTES: "0.02",
    SHUTDOWN_GRACE_S: "1",
    PULSECHAIN_RPC_URL: chain.rpcUrl,
    PULSECHAIN_RPC_TIMEOUT_MS: "30000",
    PULSEX_WPLS_ADDRESS: wpls,
    PULSEX_FACTORIES: `${factoryV1},${factoryV2}`,
    PULSEX_STABLECOINS: contracts.stablecoins.join(","),
    MULTICALL3_ADDRESS: multicall3,
    PULSEX_BASE_TOKENS: baseToken,
    DEXSCREENER_API_URL: apiUrl,
    COINGECKO_API_URL: `${apiUrl}/api/v3`,
    // Node's default agent (what a worker sends with) trusts the local push service.
    NODE_EXTRA_CA_CERTS: path.join(certDir, "push-service.pem"),
  });
  const passes = () =>
    worker
      .stdout()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as PassRecord)
      .filter((record) => record.event === "market-pass");
  return { ...worker, passes };
}

const ran = (worker: Worker) => worker.passes().filter((record) => record.market.ran);

async function until(what: string, condition: () => boolean | Promise<boolean>, running: Worker[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    for (const worker of running) if (worker.process.exitCode !== null) throw new Error(`a worker exited before ${what}:\n${worker.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s:\n${running.map((worker) => worker.stderr()).join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test("two worker processes passing on one database while A crosses: one firing, one message to each browser", async () => {
  const started = Date.now();
  const { address, browsers, ruleId } = await market("sol", "SOL");
  await movePrice(address, 2.4);
  await later();
  // The in-process passes' lease is theirs: the workers start from none.
  await db().refreshLease.deleteMany({ where: { name: MARKET_REFRESH_LEASE } });
  const workersFrom = Date.now();
  const pair = [startWorker(), startWorker()];

  await until("the firing sent to both browsers", async () => browsers.every((browser) => messagesTo(browser).length > 0), pair);
  const firstAfter = Date.now() - workersFrom;
  expect(await ratio("sol")).toBeGreaterThan(1.15);
  // A moves again, still over the level: the next pass (whichever worker takes the lease after
  // this one's 30 s) evaluates the rule again and must not fire it twice.
  await movePrice(address, 2.5);
  await later();
  await until("a second pass that ran", () => pair.reduce((sum, worker) => sum + ran(worker).length, 0) >= 2, pair);
  // Both passes evaluated the rule (A changed in each); one fired.
  const passes = pair.flatMap(ran);
  const evaluated = passes.flatMap((record) => (record.market.alerts ? [record.market.alerts.fired] : []));
  expect(evaluated.filter((count) => count === 1)).toHaveLength(1);
  expect(evaluated.filter((count) => count === 0).length).toBeGreaterThanOrEqual(1);
  expect(evaluated.every((count) => count <= 1)).toBe(true);

  const all = await firings(ruleId);
  expect(all).toHaveLength(1);
  expect(all[0]!.deliveries.map((delivery) => delivery.status)).toEqual(["sent", "sent"]);
  for (const browser of browsers) expect(messagesTo(browser).map((message) => message.json)).toEqual([expect.objectContaining({ body: all[0]!.message, tag: `firing-${all[0]!.id}` })]);
  console.log(`two workers: sent ${Math.round(firstAfter / 1000)} s after they started, second pass at ${Math.round((Date.now() - workersFrom) / 1000)} s, test ${Math.round((Date.now() - started) / 1000)} s`);
});

test("a worker killed while its sends hang delivers once after restart, when the lease and the claim have run out", async () => {
  const started = Date.now();
  const { address, browsers, ruleId } = await market("doge", "DOGE");
  for (const browser of browsers) service.hold(browser);
  await movePrice(address, 2.4);
  await later();
  await db().refreshLease.deleteMany({ where: { name: MARKET_REFRESH_LEASE } });

  const first = startWorker();
  await until("both sends in flight", () => service.held() >= 2, [first]);
  const [firing] = await firings(ruleId);
  expect(firing!.deliveries.map((delivery) => delivery.status)).toEqual(["pending", "pending"]);
  const claimedUntil = Math.max(...firing!.deliveries.map((delivery) => delivery.claimedUntil!.getTime()));
  first.process.kill("SIGKILL");
  await first.exited;
  const killedAt = Date.now();
  for (const browser of browsers) service.release(browser);

  const second = startWorker();
  await until("the deliveries sent", async () => (await firings(ruleId))[0]!.deliveries.every((delivery) => delivery.status === "sent"), [second]);
  const resentAfter = Date.now() - killedAt;

  const after = await firings(ruleId);
  expect(after).toHaveLength(1);
  // Sent by the second worker, and not before the first one's claim ran out.
  for (const delivery of after[0]!.deliveries) expect(delivery.sentAt!.getTime()).toBeGreaterThanOrEqual(claimedUntil);
  for (const browser of browsers) expect(messagesTo(browser).map((message) => message.json)).toEqual([expect.objectContaining({ body: firing!.message, tag: `firing-${firing!.id}` })]);
  console.log(`killed worker: delivered ${Math.round(resentAfter / 1000)} s after the kill, test ${Math.round((Date.now() - started) / 1000)} s`);
});
