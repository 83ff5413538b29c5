// The refresh pass's bookkeeping on a real SQLite file: priceUpdatedAt moves only with an accepted
// price (not on re-rank, not on an operator's edit), all-time highs only go up, the 24h change
// prefers the site's own snapshots, the pass keeps to its time budget stalest first while renewing
// its lease (msw plays a slow DexScreener), the PLS cross-check against CoinGecko (msw), and a pass
// that lost its lease writes nothing. Sources other than the HTTP ones are scripted.
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { updateCoin } from "@/lib/listings/coins.server";
import { MARKET_REFRESH_LEASE } from "@/lib/market/lease.server";
import { rerank } from "@/lib/market/pass/pass-writes.server";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import { refreshMarket } from "@/lib/market/run.server";
import { createCoinGeckoSource } from "@/lib/market/sources/coingecko.server";
import { createDexScreenerSource } from "@/lib/market/sources/dexscreener.server";
import { readMarketState } from "@/lib/market/state.server";
import type { PriceSource, Quote, QuoteFailure, SourceResult } from "@/lib/market/types";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { noPace } from "@/tests/helpers/no-pace";

jest.setTimeout(30_000);

const { db } = useTestDatabase({ seed: true });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const POLICY = { timeoutMs: 5_000, retries: 0, backoffMs: 1, maxRetryAfterMs: 10 };
const quote = (price: number, extra: Partial<Quote> = {}): Quote => ({ price, marketCap: null, change24h: null, liquidityUsd: 1e7, ...extra });

/** A source that answers from a table: a quote, or a failure (with its kind). */
function scripted(name: PriceSource["name"], answers: Record<string, Quote | Omit<QuoteFailure, "coinId">>): PriceSource {
  return {
    name,
    async fetchQuotes(requests) {
      const result: SourceResult = { quotes: new Map(), failures: [] };
      for (const { coinId } of requests) {
        const answer = answers[coinId];
        if (answer && "price" in answer) result.quotes.set(coinId, answer);
        else result.failures.push({ coinId, ...(answer ?? { reason: `${name}: not in the answer` }) });
      }
      return result;
    },
  };
}
const silent = { log: () => {} };
const coin = (id: string) => db().coin.findUniqueOrThrow({ where: { id } });

/** Only `ids` are refreshed, by `source`; every other coin has no source. */
async function onlyQuote(source: string, ids: string[]) {
  await db().coin.updateMany({ data: { quoteSource: null } });
  await db().coin.updateMany({ where: { id: { in: ids } }, data: { quoteSource: source } });
}

describe("priceUpdatedAt", () => {
  beforeAll(() => onlyQuote("dexscreener", ["hex", "inc"]));

  test("moves with an accepted price only: a failed coin, a re-rank and an operator's edit leave it", async () => {
    const at = new Date("2026-11-23T01:00:00Z");
    const report = await runRefreshPass(db(), [scripted("dexscreener", { hex: quote(0.005), inc: { reason: "dexscreener: HTTP 503", kind: "unreachable" } })], {
      ...silent,
      now: () => at,
    });
    expect(report.updated).toEqual(["hex"]);
    expect(report.failed).toEqual([{ coinId: "inc", source: "dexscreener", reason: "dexscreener: HTTP 503", kind: "unreachable" }]);
    expect((await coin("hex")).priceUpdatedAt).toEqual(at);
    // The seed's date stays on the coin whose source failed.
    expect((await coin("inc")).priceUpdatedAt).toEqual(new Date("2026-11-20T00:00:00Z"));

    // A re-rank that changes ranks: pepe (ranked below both) jumps to the top by market cap,
    // written behind Prisma's back, so hex and inc each move down one place.
    await db().coin.update({ where: { id: "pepe" }, data: { marketCap: 9e15 } });
    const beforeRerank = { hex: await coin("hex"), inc: await coin("inc") };
    await rerank(db());
    expect((await coin("pepe")).rank).toBe(1);
    for (const id of ["hex", "inc"] as const) {
      const after = await coin(id);
      expect(after.rank).toBe(beforeRerank[id].rank + 1);
      expect(after.priceUpdatedAt).toEqual(beforeRerank[id].priceUpdatedAt);
      expect(after.updatedAt).toEqual(beforeRerank[id].updatedAt);
    }
    expect((await coin("hex")).priceUpdatedAt).toEqual(at);

    // An operator's edit (tags, logo) moves updatedAt but not priceUpdatedAt.
    await updateCoin(db(), "inc", { tags: ["meme"], logoUrl: "https://example.com/inc.png" });
    const edited = await coin("inc");
    expect(edited.tags).toBe("meme");
    expect(edited.updatedAt.getTime()).toBeGreaterThan(beforeRerank.inc.updatedAt.getTime());
    expect(edited.priceUpdatedAt).toEqual(new Date("2026-11-20T00:00:00Z"));
  });
});

describe("all-time highs", () => {
  // ehex: a token whose seed highs are its snapshot figures (lib/db-setup/seed.ts), quoted by its own contract.
  beforeAll(() => onlyQuote("dexscreener", ["ehex"]));

  test("raised only by a price that held over 3 passes and 10 minutes: a one-pass spike never; never lowered; the market cap high on its own", async () => {
    const pass = (price: number, marketCap: number, hhmm: string) =>
      runRefreshPass(db(), [scripted("dexscreener", { ehex: quote(price, { marketCap }) })], { ...silent, now: () => new Date(`2026-11-23T${hhmm}:00Z`) });
    const highs = async () => {
      const { athPrice, athMarketCap, athAt, athMarketCapAt } = await coin("ehex");
      return { athPrice, athMarketCap, athAt: athAt?.toISOString().slice(11, 16), athMarketCapAt: athMarketCapAt?.toISOString().slice(11, 16) };
    };
    await db().coin.update({ where: { id: "ehex" }, data: { athPrice: 0.005, athMarketCap: 5e7, athAt: new Date("2026-11-01T00:00:00Z"), athMarketCapAt: new Date("2026-11-01T00:00:00Z") } });
    const before = { athPrice: 0.005, athMarketCap: 5e7, athAt: "00:00", athMarketCapAt: "00:00" };

    // A new level: not a high on its first or second pass, a high on its third (10 minutes held).
    await pass(0.01, 1e8, "01:00");
    await pass(0.01, 1e8, "01:05");
    expect(await highs()).toEqual(before);
    await pass(0.01, 1e8, "01:10");
    expect(await highs()).toEqual({ athPrice: 0.01, athMarketCap: 1e8, athAt: "01:10", athMarketCapAt: "01:10" });

    // A 4x spike for one pass, then back: published as the price, never a high.
    await pass(0.04, 4e8, "01:15");
    expect(await coin("ehex")).toMatchObject({ currentPrice: 0.04, athPrice: 0.01 });
    await pass(0.01, 1e8, "01:20");
    await pass(0.01, 1e8, "01:25");
    expect(await highs()).toEqual({ athPrice: 0.01, athMarketCap: 1e8, athAt: "01:10", athMarketCapAt: "01:10" });

    // A rise that lasts: a high at the held level on its third pass.
    await pass(0.02, 2e8, "01:30");
    await pass(0.025, 2.5e8, "01:35");
    expect((await highs()).athPrice).toBe(0.01);
    await pass(0.03, 3e8, "01:40");
    expect(await highs()).toEqual({ athPrice: 0.02, athMarketCap: 2e8, athAt: "01:40", athMarketCapAt: "01:40" });

    // A lower price with a higher cap (more supply): only the cap high moves; the same again moves nothing.
    await pass(0.015, 2.2e8, "01:45");
    expect(await highs()).toEqual({ athPrice: 0.02, athAt: "01:40", athMarketCap: 2.2e8, athMarketCapAt: "01:45" });
    await pass(0.015, 2.2e8, "01:50");
    await pass(0.001, 1e7, "01:55");
    expect(await highs()).toEqual({ athPrice: 0.02, athAt: "01:40", athMarketCap: 2.2e8, athMarketCapAt: "01:45" });
    expect((await coin("ehex")).athMarketCapEstimated).toBe(false);
  });
});

describe("sources that watch each other", () => {
  // Twelve seed coins priced "on chain" (a scripted PulseX source) at $1 each; DexScreener (msw)
  // says $1.05 for all but pepe, which it says is $1.50.
  const ids = ["hex", "inc", "pepe", "bear", "trump", "most", "9mm", "pcock", "pdai", "plsx", "ehex", "pts"];
  const address = (i: number) => `0x${(0xc0 + i).toString(16).padStart(40, "0")}`;
  beforeAll(async () => {
    await onlyQuote("pulsex", ids);
    for (const [i, id] of ids.entries()) await db().coin.update({ where: { id }, data: { quoteId: address(i), contractAddress: address(i), sourceCheckedAt: null, sourcesDisagree: false } });
  });

  test("every on-chain token is checked against DexScreener within an hour, a share per pass; one more than 10% apart is flagged once, its price stays on-chain", async () => {
    const asked: string[][] = [];
    server.use(
      http.get("https://dexscreener.test/tokens/v1/pulsechain/:addresses", ({ params }) => {
        const addresses = String(params.addresses).split(",");
        asked.push(addresses);
        return HttpResponse.json(
          addresses.map((a) => ({
            chainId: "pulsechain",
            pairAddress: `0x${"ab".repeat(20)}`,
            baseToken: { address: a },
            quoteToken: { address: "0xA1077a294dDE1B09bB078844df40758a5D0f9a27" },
            priceUsd: a === address(2) ? "1.5" : "1.05",
            liquidity: { usd: 1_000_000 },
          })),
        );
      }),
    );
    const dex = createDexScreenerSource({ baseUrl: "https://dexscreener.test", pace: noPace, policy: POLICY });
    const onchain = scripted("pulsex", Object.fromEntries(ids.map((id) => [id, quote(1, { marketCap: 1e6 })])));
    const lines: string[] = [];
    const pass = (minutes: number) => runRefreshPass(db(), [onchain, dex], { log: (line) => lines.push(line), now: () => new Date(Date.UTC(2026, 10, 24, 6, minutes)) });

    // Passes 5 minutes apart: 12 tokens, a twelfth each pass, the longest unchecked first.
    for (let n = 0; n < 12; n++) expect((await pass(n * 5)).sourceChecks).toMatchObject({ asked: 1, checked: 1 });
    expect(asked.flat().sort()).toEqual(ids.map((_, i) => address(i)).sort());
    const rows = await db().coin.findMany({ where: { id: { in: ids } } });
    expect(rows.every((row) => row.sourceCheckedAt !== null)).toBe(true);
    expect(rows.filter((row) => row.sourcesDisagree).map((row) => row.id)).toEqual(["pepe"]);
    const pepe = await coin("pepe");
    expect(pepe.currentPrice).toBe(1); // the flag tells, it does not switch sources
    expect(JSON.parse(pepe.sourceCheck!)).toEqual({ source: "dexscreener", ours: 1, theirs: 1.5, differencePct: expect.closeTo(-33.33, 2), agrees: false, checkedAt: pepe.sourceCheckedAt!.toISOString() });
    expect(JSON.parse((await coin("hex")).sourceCheck!)).toMatchObject({ theirs: 1.05, agrees: true });
    expect(lines.filter((line) => line.startsWith("[market] sources disagree"))).toEqual([
      "[market] sources disagree on pepe: on-chain $1 vs DexScreener $1.5 (-33.33% apart); the on-chain price stays published",
    ]);

    // The next round starts again with the longest unchecked; pepe, still apart, is not logged again.
    asked.length = 0;
    for (let n = 12; n < 24; n++) await pass(n * 5);
    expect(asked.flat().sort()).toEqual(ids.map((_, i) => address(i)).sort());
    expect(lines.filter((line) => line.startsWith("[market] sources disagree"))).toHaveLength(1);
  });
});

describe("the 24h change", () => {
  beforeAll(() => onlyQuote("dexscreener", ["inc", "most"]));

  test("comes from the site's own snapshot near 24 h ago even when the source has one; the source's only without a snapshot", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    await db().priceSnapshot.createMany({
      data: [
        { coinId: "inc", price: 1.0, marketCap: 1e6, takenAt: new Date("2026-11-24T09:00:00Z") }, // 27 h ago: outside the window
        { coinId: "inc", price: 2.0, marketCap: 2e6, takenAt: new Date("2026-11-24T11:30:00Z") }, // 24.5 h ago: nearest
        { coinId: "inc", price: 4.0, marketCap: 4e6, takenAt: new Date("2026-11-24T13:40:00Z") }, // 22.3 h ago
        { coinId: "most", price: 9.0, marketCap: 9e6, takenAt: new Date("2026-11-24T09:59:00Z") }, // 26 h 1 min: just outside
      ],
    });
    const dex = scripted("dexscreener", { inc: quote(2.5, { change24h: -40 }), most: quote(0.5, { change24h: 7.5 }) });
    await runRefreshPass(db(), [dex], { ...silent, now: () => now });
    // inc: 2.5 against 2.0 -> +25%, not DexScreener's -40%.
    expect((await coin("inc")).priceChange24h).toBeCloseTo(25, 10);
    // most: no snapshot within 2 h of 24 h ago -> DexScreener's 7.5.
    expect((await coin("most")).priceChange24h).toBe(7.5);
  });
});

describe("a pass past its time budget", () => {
  const COINS = 150; // five DexScreener batches of 30
  const address = (i: number) => `0x${(0xabc000 + i).toString(16).padStart(40, "0")}`;
  const id = (i: number) => `syn-${String(i).padStart(3, "0")}`;

  beforeAll(async () => {
    await db().coin.updateMany({ data: { quoteSource: null } });
    // syn-000 is the stalest dated coin, syn-148 the freshest; syn-149 has never had a price (null), so it is asked first.
    await db().coin.createMany({
      data: Array.from({ length: COINS }, (_, i) => ({
        id: id(i),
        symbol: `S${i}`,
        name: `Synthetic ${i}`,
        currentPrice: 1,
        marketCap: 1_000 + i,
        rank: 100 + i,
        chain: "pulsechain",
        contractAddress: address(i),
        quoteSource: "dexscreener",
        quoteId: address(i),
        priceSource: "dexscreener",
        priceUpdatedAt: i === COINS - 1 ? null : new Date(Date.UTC(2026, 10, 22, 0, i)),
      })),
    });
  });
  afterAll(() => db().coin.deleteMany({ where: { id: { startsWith: "syn-" } } }));

  test("the stalest coins are refreshed, the freshest deferred (reported, not failed), and the lease renewed meanwhile", async () => {
    await db().refreshLease.deleteMany();
    const leaseSeen: number[] = [];
    const answeredAt: number[] = [];
    const asked: string[][] = [];
    server.use(
      http.get("https://dexscreener.test/tokens/v1/pulsechain/:addresses", async ({ params }) => {
        const addresses = String(params.addresses).split(",");
        asked.push(addresses);
        // Each batch takes 2.4 s: the four in flight at the start finish after the deadline.
        await delay(2_400);
        leaseSeen.push((await db().refreshLease.findUniqueOrThrow({ where: { name: MARKET_REFRESH_LEASE } })).expiresAt.getTime());
        answeredAt.push(Date.now());
        return HttpResponse.json(
          addresses.map((a) => ({
            chainId: "pulsechain",
            baseToken: { address: a },
            quoteToken: { address: "0xA1077a294dDE1B09bB078844df40758a5D0f9a27" },
            priceUsd: "2",
            liquidity: { usd: 1_000_000 },
            marketCap: 2_000_000,
          })),
        );
      }),
    );
    const dex = createDexScreenerSource({ baseUrl: "https://dexscreener.test", pace: noPace, policy: POLICY });
    const started = Date.now();
    // Budget 3 s: the deadline is 2.25 s in (a quarter kept for writing), ample for loading the
    // coins even on a busy machine. Lease 300 ms, renewed every 100 ms.
    const outcome = await refreshMarket(db(), { sources: [dex], holder: "slow-pass", leaseMs: 300, budgetMs: 3_000, log: () => {} });
    if (!outcome.ran) throw new Error(outcome.reason);
    const { report } = outcome;

    // Stalest first: syn-149 (never priced), then syn-000..syn-118 make the first four batches (120 coins).
    const expectedUpdated = [id(149), ...Array.from({ length: 119 }, (_, i) => id(i))];
    expect(asked).toHaveLength(4);
    expect(asked[0]![0]).toBe(address(149));
    expect([...report.updated].sort()).toEqual([...expectedUpdated].sort());
    // The freshest 30 were never asked: deferred in order, not failures, and untouched.
    expect(report.deferred).toEqual(Array.from({ length: 30 }, (_, i) => ({ coinId: id(119 + i), source: "dexscreener" })));
    expect(report.failed).toEqual([]);
    expect(await coin(id(148))).toMatchObject({ currentPrice: 1, priceUpdatedAt: new Date(Date.UTC(2026, 10, 22, 0, 148)) });
    expect(await coin(id(0))).toMatchObject({ currentPrice: 2 });

    // Taken at the start, the lease would expire about 300 ms in; every batch, answering 2.4 s in,
    // saw it renewed past that, and after the pass it lies past the last batch's answer (renewed
    // every 100 ms for 300 ms: at worst 200 ms past it), however slow the machine was meanwhile.
    const lease = await db().refreshLease.findUniqueOrThrow({ where: { name: MARKET_REFRESH_LEASE } });
    expect(lease.holder).toBe("slow-pass");
    expect(Math.min(...leaseSeen)).toBeGreaterThan(started + 2_000);
    expect(lease.expiresAt.getTime()).toBeGreaterThan(Math.max(...answeredAt));
  });
});

describe("the PLS cross-check", () => {
  beforeAll(() => onlyQuote("pulsex", ["pls"]));

  const coingeckoSaysPls = (usd: number) =>
    server.use(http.get("https://coingecko.test/simple/price", ({ request }) => HttpResponse.json(new URL(request.url).searchParams.get("ids") === "pulsechain" ? { pulsechain: { usd } } : {})));
  const gecko = () => createCoinGeckoSource({ baseUrl: "https://coingecko.test", pace: noPace, policy: POLICY });
  // PLS on-chain at $0.00003 (a scripted stand-in for the on-chain reader; liquidity over every threshold).
  const onchain = scripted("pulsex", { pls: quote(0.00003, { liquidityUsd: 5e6 }) });

  test("within 3%: agrees, written to MarketState, nothing logged", async () => {
    coingeckoSaysPls(0.0000305); // 0.00003 / 0.0000305 - 1 = -1.639%
    const lines: string[] = [];
    const at = new Date("2026-11-23T02:00:00Z");
    const report = await runRefreshPass(db(), [onchain, gecko()], { log: (line) => lines.push(line), now: () => at });
    const expected = { onchainUsd: 0.00003, coingeckoUsd: 0.0000305, differencePct: expect.closeTo(-1.639, 3), agrees: true, checkedAt: at.toISOString() };
    expect(report.crossCheck).toEqual(expected);
    expect(await readMarketState(db(), "pls-cross-check")).toEqual(expected);
    expect(lines.filter((line) => line.includes("cross-check"))).toEqual([]);
  });

  test("more than 3% apart: disagrees and is logged", async () => {
    coingeckoSaysPls(0.000032); // 0.00003 / 0.000032 - 1 = -6.25%
    const lines: string[] = [];
    const report = await runRefreshPass(db(), [onchain, gecko()], { log: (line) => lines.push(line) });
    expect(report.crossCheck).toMatchObject({ coingeckoUsd: 0.000032, differencePct: expect.closeTo(-6.25, 9), agrees: false });
    expect(await readMarketState(db(), "pls-cross-check")).toMatchObject({ agrees: false });
    expect(lines).toContain("[market] sources disagree on pls: on-chain $0.00003 vs CoinGecko $0.000032 (-6.25% apart); the on-chain price stays published");
    // The same check model as every token: the flag and both figures on the PLS row.
    expect(await db().coin.findUniqueOrThrow({ where: { id: "pls" } })).toMatchObject({ sourcesDisagree: true });
  });

  test("without a CoinGecko source there is no check, and the last one stays", async () => {
    const report = await runRefreshPass(db(), [onchain], silent);
    expect(report.crossCheck).toBeNull();
    expect(await readMarketState(db(), "pls-cross-check")).toMatchObject({ coingeckoUsd: 0.000032 });
  });
});

test("what a source notes about the market (a stablecoin pool dropped) is reported and logged", async () => {
  await onlyQuote("pulsex", ["pls"]);
  const note = "pulsex: DAI pool on PulseX V1 dropped: WPLS at $0.0000309 there, 3.0% from the median $0.00003";
  const source = scripted("pulsex", { pls: quote(0.00003) });
  const noting: PriceSource = { name: "pulsex", fetchQuotes: async (requests) => ({ ...(await source.fetchQuotes(requests)), notes: [note] }) };
  const lines: string[] = [];
  const report = await runRefreshPass(db(), [noting], { log: (line) => lines.push(line) });
  expect(report.notes).toEqual([note]);
  expect(lines).toContain(`[market] ${note}`);
  expect(report.updated).toEqual(["pls"]);
});

test("a pass that has lost its lease writes nothing", async () => {
  await onlyQuote("dexscreener", ["hex"]);
  const before = await coin("hex");
  const report = await runRefreshPass(db(), [scripted("dexscreener", { hex: quote(0.0099) })], { ...silent, stillHoldsLease: async () => false });
  expect(report).toMatchObject({ leaseLost: true, updated: [] });
  expect(await coin("hex")).toEqual(before);
});

describe("the lease during a pass", () => {
  beforeEach(async () => {
    await db().refreshLease.deleteMany();
    await onlyQuote("dexscreener", ["hex"]);
  });

  test("a pass whose lease another refresher took meanwhile writes nothing", async () => {
    const before = await coin("hex");
    const source: PriceSource = {
      name: "dexscreener",
      async fetchQuotes(requests) {
        // While this pass waits for its quotes, its lease expires and another instance takes it.
        await db().refreshLease.update({ where: { name: MARKET_REFRESH_LEASE }, data: { holder: "instance-b", expiresAt: new Date(Date.now() + 60_000) } });
        return { quotes: new Map(requests.map(({ coinId }) => [coinId, quote(0.0077)])), failures: [] };
      },
    };
    const outcome = await refreshMarket(db(), { sources: [source], holder: "instance-a", leaseMs: 60_000, log: () => {} });
    expect(outcome).toMatchObject({ ran: true, report: { leaseLost: true, updated: [] } });
    expect(await coin("hex")).toEqual(before);
  });

  test("a pass shorter than a third of its lease leaves the lease where it was taken: the next 5-minute pass is not pushed out", async () => {
    const quick = scripted("dexscreener", { hex: quote(0.0078) });
    // The quotes take 1 s, so writes come at least 1 s after the lease was taken.
    const slowish: PriceSource = { name: "dexscreener", fetchQuotes: async (requests) => (await new Promise((r) => setTimeout(r, 1_000)), quick.fetchQuotes(requests)) };
    const started = Date.now();
    const outcome = await refreshMarket(db(), { sources: [slowish], holder: "quick", leaseMs: 270_000, log: () => {} });
    expect(outcome).toMatchObject({ ran: true, report: { updated: ["hex"] } });
    const { expiresAt } = await db().refreshLease.findUniqueOrThrow({ where: { name: MARKET_REFRESH_LEASE } });
    // 270 s from the acquisition (well within 600 ms of `started`), not from the writes (1 s or more later).
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(started + 270_000);
    expect(expiresAt.getTime()).toBeLessThan(started + 270_000 + 600);
  });
});
