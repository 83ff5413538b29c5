// The DexScreener price source against msw playing api.dexscreener.com with answers of the real
// shape (GET /tokens/v1/pulsechain/{addresses} -> array of pair objects).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { delay, http, HttpResponse, passthrough } from "msw";
import { setupServer } from "msw/node";
import type { RetryPolicy } from "@/lib/market/http.server";
import { createDexScreenerSource } from "@/lib/market/sources/dexscreener.server";
import { noPace } from "@/tests/helpers/no-pace";

const BASE = "https://dexscreener.test";
const ENDPOINT = `${BASE}/tokens/v1/pulsechain/:addresses`;
const FAST: RetryPolicy = { timeoutMs: 200, retries: 2, backoffMs: 1, maxRetryAfterMs: 50 };
const source = () => createDexScreenerSource({ baseUrl: BASE, policy: FAST, pace: noPace });

// Checksummed, as DexScreener writes them.
const HEX = "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39";
const PLSX = "0x95B303987A60C71504D99Aa1b13B4DA07b0790ab";
const INC = "0x2fa878Ab3F87CC1C9737Fc071108F904c0B0C95d";
const WPLS = "0xA1077a294dDE1B09bB078844df40758a5D0f9a27";
const DAI = "0xefD766cCb38EAF1dfd701853BFCe31359239F305";

const TOKENS: Record<string, { name: string; symbol: string }> = {
  [HEX]: { name: "HEX", symbol: "HEX" },
  [PLSX]: { name: "PulseX", symbol: "PLSX" },
  [INC]: { name: "Incentive", symbol: "INC" },
  [WPLS]: { name: "Wrapped Pulse", symbol: "WPLS" },
  [DAI]: { name: "Dai Stablecoin from Ethereum", symbol: "DAI" },
};
const token = (address: string) => ({ address, ...(TOKENS[address] ?? { name: "Token", symbol: "TKN" }) });

let pairCounter = 0;
/** A pair object as DexScreener answers it, with the fields we don't use too. */
function pair(
  base: string,
  quote: string,
  figures: { priceUsd?: unknown; liquidityUsd?: number; h24?: number; marketCap?: number; fdv?: number; dexId?: string },
): Record<string, unknown> {
  pairCounter++;
  const pairAddress = `0x${pairCounter.toString(16).padStart(40, "0")}`;
  return {
    chainId: "pulsechain",
    dexId: figures.dexId ?? "pulsex",
    url: `https://dexscreener.com/pulsechain/${pairAddress}`,
    pairAddress,
    labels: ["v2"],
    baseToken: token(base),
    quoteToken: token(quote),
    priceNative: "123.456",
    ...("priceUsd" in figures ? { priceUsd: figures.priceUsd } : {}),
    txns: { m5: { buys: 3, sells: 1 }, h1: { buys: 41, sells: 37 }, h6: { buys: 260, sells: 198 }, h24: { buys: 1022, sells: 934 } },
    volume: { h24: 812345.67, h6: 201234.5, h1: 30123.4, m5: 812.2 },
    priceChange: figures.h24 === undefined ? { m5: 0.1, h1: -0.4 } : { m5: 0.1, h1: -0.4, h6: 1.2, h24: figures.h24 },
    ...(figures.liquidityUsd === undefined ? {} : { liquidity: { usd: figures.liquidityUsd, base: 123456789, quote: 98765 } }),
    ...(figures.fdv === undefined ? {} : { fdv: figures.fdv }),
    ...(figures.marketCap === undefined ? {} : { marketCap: figures.marketCap }),
    pairCreatedAt: 1684186735000,
    info: { imageUrl: "https://dd.dexscreener.com/ds-data/tokens/pulsechain/x.png", websites: [{ label: "Website", url: "https://hex.com" }], socials: [] },
    boosts: { active: 0 },
  };
}

/** Where a quote came from, where the test is about something else. */
const FROM_DEXSCREENER = expect.objectContaining({ source: "dexscreener" });

const requestedUrls: string[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  requestedUrls.length = 0;
  server.events.on("request:start", ({ request }) => void requestedUrls.push(request.url));
});
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

/** The addresses of a request URL, as sent. */
const addressesOf = (url: string) => decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "").split(",");

/** Answers the pairs whose base or quote token is among the requested addresses, like the API. */
/** (Items that are not pairs at all are always answered.) */
function answerFrom(pairs: unknown[]) {
  return http.get(ENDPOINT, ({ request }) => {
    const asked = new Set(addressesOf(request.url).map((a) => a.toLowerCase()));
    const touches = (p: unknown) =>
      typeof p !== "object" ||
      p === null ||
      !("baseToken" in p) ||
      [p.baseToken, "quoteToken" in p ? p.quoteToken : null].some((t) => asked.has(String((t as { address?: unknown } | null)?.address).toLowerCase()));
    return HttpResponse.json(pairs.filter(touches));
  });
}

const happyPairs = () => [
  // HEX as base in three pools: the deepest one (v2, $21.4M) wins.
  pair(HEX, WPLS, { priceUsd: "0.005012", liquidityUsd: 21_400_123.45, h24: -3.21, marketCap: 2_912_345_678, fdv: 3_456_789_012 }),
  pair(HEX, DAI, { priceUsd: "0.005034", liquidityUsd: 4_100_000, h24: -2.9, marketCap: 2_925_000_000, fdv: 3_470_000_000, dexId: "9inch" }),
  pair(HEX, PLSX, { priceUsd: "0.004999", liquidityUsd: 900_000.5, h24: -3.5, marketCap: 2_905_000_000 }),
  // HEX is only the quote token here: deeper still, but its priceUsd is PLSX's.
  pair(WPLS, HEX, { priceUsd: "0.00003011", liquidityUsd: 55_000_000, h24: 1.5, marketCap: 4_000_000_000 }),
  // PLSX: one pool as base, no market cap or 24 h change known.
  pair(PLSX, WPLS, { priceUsd: "0.00002345", liquidityUsd: 30_500_000.25 }),
];

test("picks each token's deepest pool where it is the base token, figures exact, with the pair it came from", async () => {
  const pairs = happyPairs();
  server.use(answerFrom(pairs));
  const from = (index: number) => ({ source: "dexscreener", pair: pairs[index]!.pairAddress, dexId: "pulsex", at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  const result = await source().fetchQuotes([
    { coinId: "hex", quoteId: HEX.toLowerCase() },
    { coinId: "plsx", quoteId: PLSX },
  ]);
  expect(result.failures).toEqual([]);
  expect(result.quotes).toEqual(
    new Map([
      ["hex", { price: 0.005012, marketCap: 2_912_345_678, change24h: -3.21, liquidityUsd: 21_400_123.45, provenance: from(0) }],
      ["plsx", { price: 0.00002345, marketCap: null, change24h: null, liquidityUsd: 30_500_000.25, provenance: from(4) }],
    ]),
  );
  expect(requestedUrls).toEqual([`${BASE}/tokens/v1/pulsechain/${HEX.toLowerCase()},${PLSX.toLowerCase()}`]);
});

test("two coins with the same address (any case) share one lookup and both get the quote", async () => {
  server.use(answerFrom(happyPairs()));
  const result = await source().fetchQuotes([
    { coinId: "hex", quoteId: HEX },
    { coinId: "hex-again", quoteId: HEX.toUpperCase().replace("0X", "0x") },
  ]);
  expect(result.failures).toEqual([]);
  expect(result.quotes.get("hex")?.price).toBe(0.005012);
  expect(result.quotes.get("hex-again")).toEqual(result.quotes.get("hex"));
  expect(requestedUrls).toHaveLength(1);
  expect(addressesOf(requestedUrls[0]!)).toEqual([HEX.toLowerCase()]);
});

test("a pool without priceUsd is passed over for the next deepest one; no liquidity ranks last", async () => {
  server.use(
    answerFrom([
      pair(INC, WPLS, { liquidityUsd: 9_000_000 }), // no USD price known for this pool
      pair(INC, DAI, { priceUsd: "1.234" }), // no liquidity known
      pair(INC, PLSX, { priceUsd: "1.25", liquidityUsd: 800_000, h24: 4.5 }),
    ]),
  );
  const result = await source().fetchQuotes([{ coinId: "inc", quoteId: INC }]);
  expect(result.quotes.get("inc")).toEqual({ price: 1.25, marketCap: null, change24h: 4.5, liquidityUsd: 800_000, provenance: FROM_DEXSCREENER });
});

test("a token found only as quote token, or not at all, fails alone", async () => {
  server.use(answerFrom(happyPairs()));
  const missing = "0x000000000000000000000000000000000000dEaD";
  const result = await source().fetchQuotes([
    { coinId: "dai-as-quote-only", quoteId: DAI },
    { coinId: "plsx", quoteId: PLSX },
    { coinId: "unknown", quoteId: missing },
  ]);
  expect([...result.quotes.keys()]).toEqual(["plsx"]);
  expect(result.failures).toEqual([
    { coinId: "dai-as-quote-only", reason: `dexscreener: no pair for ${DAI.toLowerCase()}` },
    { coinId: "unknown", reason: `dexscreener: no pair for ${missing.toLowerCase()}` },
  ]);
});

test("fields of the wrong type fail that coin only", async () => {
  server.use(
    answerFrom([
      pair(HEX, WPLS, { priceUsd: {}, liquidityUsd: 21_000_000 }),
      pair(INC, WPLS, { priceUsd: "abc", liquidityUsd: 5_000_000 }),
      pair(DAI, WPLS, { priceUsd: "0", liquidityUsd: 5_000_000 }),
      { chainId: "pulsechain", garbage: true },
      "not a pair",
      null,
      pair(PLSX, WPLS, { priceUsd: "0.00002345", liquidityUsd: 30_500_000.25, h24: 2.5 }),
    ]),
  );
  const result = await source().fetchQuotes([
    { coinId: "hex", quoteId: HEX },
    { coinId: "inc", quoteId: INC },
    { coinId: "dai", quoteId: DAI },
    { coinId: "plsx", quoteId: PLSX },
  ]);
  expect(result.quotes).toEqual(new Map([["plsx", { price: 0.00002345, marketCap: null, change24h: 2.5, liquidityUsd: 30_500_000.25, provenance: FROM_DEXSCREENER }]]));
  expect(result.failures).toEqual([
    { coinId: "hex", reason: `dexscreener: unexpected pair for ${HEX.toLowerCase()}: priceUsd: Invalid input: expected string, received object` },
    { coinId: "inc", reason: `dexscreener: no usable USD price for ${INC.toLowerCase()} (priceUsd "abc")` },
    { coinId: "dai", reason: `dexscreener: no usable USD price for ${DAI.toLowerCase()} (priceUsd "0")` },
  ]);
});

test("a quoteId that is not a token address fails without asking", async () => {
  const result = await source().fetchQuotes([{ coinId: "pls", quoteId: "pulsechain" }]);
  expect(result).toEqual({ quotes: new Map(), failures: [{ coinId: "pls", reason: 'dexscreener: not a token address: "pulsechain"' }] });
  expect(requestedUrls).toEqual([]);
});

test("without a pace of its own, every instance shares one 300/min pace (200 ms apart)", async () => {
  const at: number[] = [];
  server.use(
    http.get(ENDPOINT, () => {
      at.push(Date.now());
      return HttpResponse.json(happyPairs());
    }),
  );
  const [first, second] = [createDexScreenerSource({ baseUrl: BASE, policy: FAST }), createDexScreenerSource({ baseUrl: BASE, policy: FAST })];
  const asked = Date.now();
  await Promise.all([first.fetchQuotes([{ coinId: "hex", quoteId: HEX }]), second.fetchQuotes([{ coinId: "plsx", quoteId: PLSX }])]);
  expect(at).toHaveLength(2);
  // Measured from when both were asked, not between the two arrivals: a busy machine can delay
  // the first request on its way to the server, which the pace cannot (and need not) make up.
  // Two separate paces would let both through at once.
  expect(Math.max(...at) - asked).toBeGreaterThanOrEqual(199);
});

test("no coins, no request", async () => {
  await expect(source().fetchQuotes([])).resolves.toEqual({ quotes: new Map(), failures: [] });
  expect(requestedUrls).toEqual([]);
});

describe("when the API misbehaves", () => {
  const requests = [
    { coinId: "hex", quoteId: HEX },
    { coinId: "plsx", quoteId: PLSX },
  ];
  // kind "unreachable": the source was out of reach (rate limit, 5xx, timeout), not a verdict on the coins.
  const allFailed = (reason: string, kind?: "unreachable") => requests.map(({ coinId }) => ({ coinId, reason, ...(kind && { kind }) }));

  test("429 with Retry-After, then an answer: the wait is honoured and quotes come", async () => {
    let calls = 0;
    const at: number[] = [];
    server.use(
      http.get(ENDPOINT, () => {
        at.push(Date.now());
        return ++calls === 1 ? new HttpResponse(null, { status: 429, headers: { "Retry-After": "0.04" } }) : HttpResponse.json(happyPairs());
      }),
    );
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual([]);
    expect([...result.quotes.keys()]).toEqual(["hex", "plsx"]);
    expect(calls).toBe(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(35);
  });

  test("429 on every attempt: every coin fails with the 429", async () => {
    let calls = 0;
    server.use(http.get(ENDPOINT, () => (calls++, new HttpResponse("rate limited", { status: 429, headers: { "Retry-After": "0" } }))));
    const result = await source().fetchQuotes(requests);
    expect(result.quotes.size).toBe(0);
    expect(result.failures).toEqual(allFailed("dexscreener: 429 Too Many Requests", "unreachable"));
    expect(calls).toBe(3);
  });

  test("429 asking for a longer wait than the policy allows: gives up at once", async () => {
    let calls = 0;
    server.use(http.get(ENDPOINT, () => (calls++, new HttpResponse(null, { status: 429, headers: { "Retry-After": "60" } }))));
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual(allFailed("dexscreener: 429 Too Many Requests", "unreachable"));
    expect(calls).toBe(1);
  });

  test("500 then an answer: retried, quotes come", async () => {
    let calls = 0;
    server.use(http.get(ENDPOINT, () => (++calls === 1 ? new HttpResponse("oops", { status: 500 }) : HttpResponse.json(happyPairs()))));
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual([]);
    expect(result.quotes.get("hex")?.price).toBe(0.005012);
    expect(calls).toBe(2);
  });

  test("500 on every attempt: every coin fails", async () => {
    let calls = 0;
    server.use(http.get(ENDPOINT, () => (calls++, new HttpResponse("oops", { status: 500 }))));
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual(allFailed("dexscreener: HTTP 500", "unreachable"));
    expect(calls).toBe(3);
  });

  test("no answer within the timeout: every coin fails naming the timeout", async () => {
    let calls = 0;
    server.use(
      http.get(ENDPOINT, async () => {
        calls++;
        await delay(400);
        return HttpResponse.json(happyPairs());
      }),
    );
    const result = await source().fetchQuotes(requests);
    expect(result.quotes.size).toBe(0);
    expect(result.failures).toEqual(allFailed("dexscreener: no answer within 200 ms", "unreachable"));
    expect(calls).toBe(3);
  });

  test("an answer whose body stalls past the timeout: retried, then every coin fails naming the timeout", async () => {
    // msw's mocked bodies ignore the request's abort signal, so a real local server plays this.
    let calls = 0;
    const stalling = createServer((_request, response) => {
      calls++;
      response.writeHead(200, { "content-type": "application/json" });
      response.write('[{"chainId":"pulsechain",');
    });
    await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
    const local = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`;
    server.use(http.get(`${local}/*`, () => passthrough()));
    try {
      const result = await createDexScreenerSource({ baseUrl: local, policy: FAST, pace: noPace }).fetchQuotes(requests);
      expect(result.quotes.size).toBe(0);
      expect(result.failures).toEqual(allFailed("dexscreener: no answer within 200 ms", "unreachable"));
      expect(calls).toBe(3);
    } finally {
      stalling.closeAllConnections();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });

  test("truncated JSON: every coin fails, not retried", async () => {
    let calls = 0;
    server.use(
      http.get(ENDPOINT, () => (calls++, new HttpResponse('[{"chainId":"pulsechain",', { headers: { "content-type": "application/json" } }))),
    );
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual(allFailed("dexscreener: the answer is not valid JSON"));
    expect(calls).toBe(1);
  });

  test("a body that is not an array: every coin fails, not retried", async () => {
    let calls = 0;
    server.use(http.get(ENDPOINT, () => (calls++, HttpResponse.json({ error: "Invalid token addresses" }))));
    const result = await source().fetchQuotes(requests);
    expect(result.quotes.size).toBe(0);
    expect(result.failures).toHaveLength(2);
    for (const failure of result.failures) expect(failure.reason).toMatch(/^dexscreener: unexpected answer: .*expected array/);
    expect(calls).toBe(1);
  });

  test("another 4xx: every coin fails, not retried", async () => {
    let calls = 0;
    server.use(http.get(ENDPOINT, () => (calls++, new HttpResponse("Not Found", { status: 404 }))));
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual(allFailed("dexscreener: HTTP 404"));
    expect(calls).toBe(1);
  });
});

describe("batching", () => {
  const addresses = Array.from({ length: 35 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "a")}`);
  const requests = addresses.map((address, i) => ({ coinId: `coin-${i}`, quoteId: address }));
  const pairs = addresses.map((address, i) => pair(address, WPLS, { priceUsd: String(i + 1), liquidityUsd: 1000 + i }));

  test("35 tokens are asked for in two calls of 30 and 5", async () => {
    server.use(answerFrom(pairs));
    const result = await source().fetchQuotes(requests);
    expect(result.failures).toEqual([]);
    expect(result.quotes.size).toBe(35);
    expect(result.quotes.get("coin-34")).toEqual({ price: 35, marketCap: null, change24h: null, liquidityUsd: 1034, provenance: FROM_DEXSCREENER });
    const batches = requestedUrls.map(addressesOf).sort((a, b) => b.length - a.length);
    expect(batches).toEqual([addresses.slice(0, 30), addresses.slice(30)]);
    expect(requestedUrls.every((url) => url.startsWith(`${BASE}/tokens/v1/pulsechain/0x`))).toBe(true);
  });

  test("a failed batch fails only its own coins", async () => {
    const answer = answerFrom(pairs);
    server.use(
      http.get(ENDPOINT, ({ request }) => (addressesOf(request.url).length === 5 ? new HttpResponse(null, { status: 503 }) : undefined)),
      answer,
    );
    const result = await source().fetchQuotes(requests);
    expect(result.quotes.size).toBe(30);
    expect(result.failures).toEqual(requests.slice(30).map(({ coinId }) => ({ coinId, reason: "dexscreener: HTTP 503", kind: "unreachable" })));
  });
});
