// The CoinGecko price source against msw playing api.coingecko.com/api/v3 with answers of the
// real shape (GET /simple/price -> { "<id>": { usd, usd_market_cap, usd_24h_change } }).
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import type { RetryPolicy } from "@/lib/market/http.server";
import { createCoinGeckoSource } from "@/lib/market/sources/coingecko.server";
import { noPace } from "@/tests/helpers/no-pace";

const BASE = "https://coingecko.test/api/v3";
const ENDPOINT = `${BASE}/simple/price`;
const FAST: RetryPolicy = { timeoutMs: 200, retries: 2, backoffMs: 1, maxRetryAfterMs: 50 };
const source = (apiKey?: string) => createCoinGeckoSource({ baseUrl: BASE, policy: FAST, pace: noPace, apiKey });

type Seen = { url: URL; key: string | null; at: number };
const seen: Seen[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  seen.length = 0;
  server.events.on("request:start", ({ request }) =>
    void seen.push({ url: new URL(request.url), key: request.headers.get("x-cg-demo-api-key"), at: Date.now() }),
  );
});
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

// What CoinGecko knows, with the extra fields it adds when asked (volume, last update) too.
const KNOWN: Record<string, Record<string, unknown>> = {
  bitcoin: { usd: 97012.34, usd_market_cap: 1921234567890.12, usd_24h_vol: 41234567890.5, usd_24h_change: -1.2345678, last_updated_at: 1763722800 },
  ethereum: { usd: 3456.78, usd_market_cap: 416789012345.6, usd_24h_vol: 21234567890.1, usd_24h_change: 2.3456789, last_updated_at: 1763722801 },
  // A coin CoinGecko prices but without a market cap (0) or 24 h change.
  "obscure-coin": { usd: 0.0123, usd_market_cap: 0, usd_24h_vol: 12.5 },
  "null-change": { usd: 1.01, usd_market_cap: 12345678, usd_24h_change: null },
};

/** Answers the known ids among those asked, like the API (unknown ids are simply absent). */
function answerFrom(known: Record<string, unknown>) {
  return http.get(ENDPOINT, ({ request }) => {
    const ids = new URL(request.url).searchParams.get("ids")?.split(",") ?? [];
    return HttpResponse.json(Object.fromEntries(ids.filter((id) => id in known).map((id) => [id, known[id]])));
  });
}

test("quotes what CoinGecko answers, figures exact, with the right query and no key header", async () => {
  server.use(answerFrom(KNOWN));
  const result = await source().fetchQuotes([
    { coinId: "btc", quoteId: "bitcoin" },
    { coinId: "eth", quoteId: "ethereum" },
    { coinId: "obs", quoteId: "obscure-coin" },
    { coinId: "nul", quoteId: "null-change" },
  ]);
  expect(result.failures).toEqual([]);
  expect(result.quotes).toEqual(
    new Map([
      // CoinGecko's own time for the price when it gives one (last_updated_at), else when asked.
      ["btc", { price: 97012.34, marketCap: 1921234567890.12, change24h: -1.2345678, liquidityUsd: null, provenance: { source: "coingecko", id: "bitcoin", at: "2025-11-21T11:00:00.000Z" } }],
      ["eth", { price: 3456.78, marketCap: 416789012345.6, change24h: 2.3456789, liquidityUsd: null, provenance: { source: "coingecko", id: "ethereum", at: "2025-11-21T11:00:01.000Z" } }],
      ["obs", { price: 0.0123, marketCap: null, change24h: null, liquidityUsd: null, provenance: { source: "coingecko", id: "obscure-coin", at: expect.any(String) } }],
      ["nul", { price: 1.01, marketCap: 12345678, change24h: null, liquidityUsd: null, provenance: { source: "coingecko", id: "null-change", at: expect.any(String) } }],
    ]),
  );
  expect(seen).toHaveLength(1);
  const { url, key } = seen[0]!;
  expect(`${url.origin}${url.pathname}`).toBe(ENDPOINT);
  expect(Object.fromEntries(url.searchParams)).toEqual({
    ids: "bitcoin,ethereum,obscure-coin,null-change",
    vs_currencies: "usd",
    include_market_cap: "true",
    include_24hr_change: "true",
    include_last_updated_at: "true",
  });
  expect(url.search).toContain("ids=bitcoin,ethereum,"); // commas sent as they are
  expect(key).toBeNull();
});

test("the demo key is sent as x-cg-demo-api-key when configured", async () => {
  server.use(answerFrom(KNOWN));
  const result = await source("CG-demo-key-123").fetchQuotes([{ coinId: "btc", quoteId: "bitcoin" }]);
  expect(result.quotes.get("btc")?.price).toBe(97012.34);
  expect(seen.map((request) => request.key)).toEqual(["CG-demo-key-123"]);
});

test("an empty key sends no header", async () => {
  server.use(answerFrom(KNOWN));
  await source("  ").fetchQuotes([{ coinId: "btc", quoteId: "bitcoin" }]);
  expect(seen.map((request) => request.key)).toEqual([null]);
});

test("a coin CoinGecko doesn't know fails alone", async () => {
  server.use(answerFrom(KNOWN));
  const result = await source().fetchQuotes([
    { coinId: "btc", quoteId: "bitcoin" },
    { coinId: "nope", quoteId: "not-a-coin" },
  ]);
  expect([...result.quotes.keys()]).toEqual(["btc"]);
  expect(result.failures).toEqual([{ coinId: "nope", reason: "coingecko: no price for not-a-coin" }]);
});

test("two coins with the same id (any case) share one lookup and both get the quote", async () => {
  server.use(answerFrom(KNOWN));
  const result = await source().fetchQuotes([
    { coinId: "btc", quoteId: "bitcoin" },
    { coinId: "btc-again", quoteId: "Bitcoin" },
  ]);
  expect(result.failures).toEqual([]);
  expect(result.quotes.get("btc-again")).toEqual(result.quotes.get("btc"));
  expect(seen.map(({ url }) => url.searchParams.get("ids"))).toEqual(["bitcoin"]);
});

test("fields of the wrong type, or an unusable price, fail that coin only", async () => {
  server.use(
    answerFrom({
      ...KNOWN,
      "string-price": { usd: "abc", usd_market_cap: 5, usd_24h_change: 1 },
      "zero-price": { usd: 0, usd_market_cap: 5 },
      "bad-cap": { usd: 2, usd_market_cap: "lots" },
      "not-an-object": 42,
    }),
  );
  const result = await source().fetchQuotes([
    { coinId: "a", quoteId: "string-price" },
    { coinId: "b", quoteId: "zero-price" },
    { coinId: "c", quoteId: "bad-cap" },
    { coinId: "d", quoteId: "not-an-object" },
    { coinId: "eth", quoteId: "ethereum" },
  ]);
  expect([...result.quotes.keys()]).toEqual(["eth"]);
  expect(result.failures).toEqual([
    { coinId: "a", reason: "coingecko: unexpected answer for string-price: Invalid input: expected number, received string" },
    { coinId: "b", reason: "coingecko: no usable USD price for zero-price (usd 0)" },
    { coinId: "c", reason: "coingecko: unexpected answer for bad-cap: Invalid input: expected number, received string" },
    { coinId: "d", reason: "coingecko: unexpected answer for not-an-object: Invalid input: expected object, received number" },
  ]);
});

test("no coins, no request", async () => {
  await expect(source().fetchQuotes([])).resolves.toEqual({ quotes: new Map(), failures: [] });
  expect(seen).toEqual([]);
});

describe("when the API misbehaves", () => {
  const requests = [
    { coinId: "btc", quoteId: "bitcoin" },
    { coinId: "eth", quoteId: "ethereum" },
  ];
  // kind "unreachable": the source was out of reach (rate limit, 5xx, timeout), not a verdict on the coins.
  const allFailed = (reason: string, kind?: "unreachable") => requests.map(({ coinId }) => ({ coinId, reason, ...(kind && { kind }) }));
  const rateLimited = (retryAfter: string) =>
    HttpResponse.json(
      { status: { error_code: 429, error_message: "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits." } },
      { status: 429, headers: { "Retry-After": retryAfter } },
    );

  test("429 with Retry-After, then an answer: the wait is honoured and quotes come", async () => {
    let calls = 0;
    const known = answerFrom(KNOWN);
    server.use(http.get(ENDPOINT, () => (++calls === 1 ? rateLimited("0.04") : undefined)), known);
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual([]);
    expect(result.quotes.get("btc")?.price).toBe(97012.34);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(35);
  });

  test("429 on every attempt: every coin fails with the 429, without waiting after the last", async () => {
    server.use(http.get(ENDPOINT, () => rateLimited("0.04")));
    const result = await source().fetchQuotes(requests);
    const doneAt = Date.now();
    expect(result.quotes.size).toBe(0);
    expect(result.failures).toEqual(allFailed("coingecko: 429 Too Many Requests", "unreachable"));
    expect(seen).toHaveLength(3);
    expect(doneAt - seen[2]!.at).toBeLessThan(35);
  });

  test("500 then an answer: retried, quotes come", async () => {
    let calls = 0;
    const known = answerFrom(KNOWN);
    server.use(http.get(ENDPOINT, () => (++calls === 1 ? new HttpResponse("Internal Server Error", { status: 500 }) : undefined)), known);
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual([]);
    expect(result.quotes.size).toBe(2);
    expect(seen).toHaveLength(2);
  });

  test("500 on every attempt: every coin fails", async () => {
    server.use(http.get(ENDPOINT, () => new HttpResponse("Internal Server Error", { status: 500 })));
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual(allFailed("coingecko: HTTP 500", "unreachable"));
    expect(seen).toHaveLength(3);
  });

  test("an invalid key (401): every coin fails, not retried", async () => {
    server.use(
      http.get(ENDPOINT, () =>
        HttpResponse.json({ status: { error_code: 10002, error_message: "API Key Missing" } }, { status: 401 }),
      ),
    );
    const result = await source("wrong").fetchQuotes(requests);
    expect(result.failures).toEqual(allFailed("coingecko: HTTP 401"));
    expect(seen).toHaveLength(1);
  });

  test("no answer within the timeout: every coin fails naming the timeout", async () => {
    server.use(
      http.get(ENDPOINT, async () => {
        await delay(400);
        return HttpResponse.json({ bitcoin: KNOWN.bitcoin, ethereum: KNOWN.ethereum });
      }),
    );
    const result = await source().fetchQuotes(requests);
    expect(result.quotes.size).toBe(0);
    expect(result.failures).toEqual(allFailed("coingecko: no answer within 200 ms", "unreachable"));
    expect(seen).toHaveLength(3);
  });

  test("truncated JSON: every coin fails, not retried", async () => {
    server.use(http.get(ENDPOINT, () => new HttpResponse('{"bitcoin":{"usd":97012.3', { headers: { "content-type": "application/json" } })));
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual(allFailed("coingecko: the answer is not valid JSON"));
    expect(seen).toHaveLength(1);
  });

  test("a body that is not an object: every coin fails, not retried", async () => {
    server.use(http.get(ENDPOINT, () => HttpResponse.json([{ id: "bitcoin", usd: 97012.34 }])));
    const result = await source().fetchQuotes(requests);
    expect(result.quotes.size).toBe(0);
    expect(result.failures).toHaveLength(2);
    for (const failure of result.failures) expect(failure.reason).toMatch(/^coingecko: unexpected answer: /);
    expect(seen).toHaveLength(1);
  });

  test("an error body with status 200: every coin fails with CoinGecko's message", async () => {
    server.use(http.get(ENDPOINT, () => HttpResponse.json({ status: { error_code: 10005, error_message: "Plan Restricted" } })));
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual(allFailed("coingecko: Plan Restricted"));
  });
});

describe("batching", () => {
  const ids = Array.from({ length: 150 }, (_, i) => `coin-${i}`);
  const known = Object.fromEntries(ids.map((id, i) => [id, { usd: i + 1, usd_market_cap: (i + 1) * 1000, usd_24h_change: i / 10 }]));
  const requests = ids.map((id) => ({ coinId: `c-${id}`, quoteId: id }));

  test("150 ids are asked for in two calls of 100 and 50", async () => {
    server.use(answerFrom(known));
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual([]);
    expect(result.quotes.size).toBe(150);
    expect(result.quotes.get("c-coin-149")).toEqual({ price: 150, marketCap: 150000, change24h: 14.9, liquidityUsd: null, provenance: expect.objectContaining({ id: "coin-149" }) });
    const batches = seen.map(({ url }) => url.searchParams.get("ids")!.split(",")).sort((a, b) => b.length - a.length);
    expect(batches).toEqual([ids.slice(0, 100), ids.slice(100)]);
  });

  test("a failed batch fails only its own coins", async () => {
    const answer = answerFrom(known);
    server.use(
      http.get(ENDPOINT, ({ request }) =>
        new URL(request.url).searchParams.get("ids")!.startsWith("coin-100,") ? new HttpResponse(null, { status: 502 }) : undefined,
      ),
      answer,
    );
    const result = await source().fetchQuotes(requests);
    expect(result.quotes.size).toBe(100);
    expect(result.failures).toEqual(requests.slice(100).map(({ coinId }) => ({ coinId, reason: "coingecko: HTTP 502", kind: "unreachable" })));
  });
});
