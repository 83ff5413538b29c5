// The cached public site against the production server: one body for everyone (a signed-in
// visitor gets, and leaves, exactly what an anonymous one does), no cookie on any cached answer,
// and an operator's edit reaching the cached home page and API on the next request.
import assert from "node:assert/strict";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import { coinListSchema, coinSchema } from "@/lib/coins/schemas";
import { signInOverHttp } from "@/tests/bench/sign-in";
import { operatorEdit, servedFromCache } from "@/tests/browser/cache-steps";
import { newContext } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

const PAGES = ["/", "/get-listed", "/playground", "/no-such-page"];
const APIS = [
  "/api/cryptocurrencies",
  "/api/cryptocurrencies?per_page=10&page=2",
  "/api/cryptocurrencies?ids=pls,hex",
  "/api/cryptocurrencies/pls",
  "/api/trending/top-gainers",
  "/api/trending/pulsechain-gainers",
  "/api/trending/recently-listed",
  "/api/trending/most-compared",
  "/api/comparisons/featured",
  "/api/coin-index",
];

async function get(path: string, cookie?: string) {
  const res = await fetch(`${suite().baseUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

test("a signed-in request gets the cached body an anonymous one gets, changes nothing, and no cached answer sets a cookie", async () => {
  const cookie = await signInOverHttp(suite().baseUrl);
  assert.equal((await get("/api/auth/user", cookie)).status, 200, "the cookie is a live session");
  // An earlier spec's operator edit (admin.spec.ts) marks the pages stale; the first request
  // after it renders them again (a MISS). One request each puts them back in the page cache.
  for (const path of PAGES) await get(path);
  for (const path of [...PAGES, ...APIS]) {
    const anonymous = await get(path);
    const signedIn = await get(path, cookie);
    const again = await get(path);
    for (const [who, res] of [["anonymous", anonymous], ["signed in", signedIn], ["anonymous again", again]] as const) {
      assert.equal(res.headers.get("set-cookie"), null, `${path} (${who}) sets a cookie`);
      if (PAGES.includes(path)) assert.ok(servedFromCache(res.headers), `${path} (${who}) is not served from a cache`);
      else assert.match(res.headers.get("cache-control") ?? "", /^public,/, `${path} (${who})`);
    }
    assert.equal(signedIn.body, anonymous.body, `${path}: the signed-in body differs`);
    assert.equal(again.body, anonymous.body, `${path}: the signed-in request changed the cached body`);
    assert.doesNotMatch(signedIn.body, /0x[0-9a-fA-F]{40}.*signed in|"address"/, `${path} names a user`);
  }
});

test("an operator's edit reaches the cached home page and API on the next request", async () => {
  const { browser, baseUrl } = suite();
  // A top-25 coin the meme table does not show yet.
  const ranked = coinListSchema.parse(await (await fetch(`${baseUrl}/api/cryptocurrencies?per_page=25`)).json());
  const coin = ranked.find((c) => !c.tags.includes("meme"))!;
  const context = await newContext(browser, baseUrl);
  const page = await context.newPage();
  const memeTable = page.getByRole("table", { name: "Top Meme Coins" });
  try {
    await page.goto("/");
    assert.equal(await memeTable.getByText(coin.symbol, { exact: true }).count(), 0);
    assert.equal((await operatorEdit(baseUrl, coin.id, { tags: ["meme"] })).status, 200);

    assert.deepEqual(coinSchema.parse(await (await fetch(`${baseUrl}/api/cryptocurrencies/${coin.id}`)).json()).tags, ["meme"]);
    // The full list too (the snapshot's body, serialised once per snapshot).
    const all = coinListSchema.parse(await (await fetch(`${baseUrl}/api/cryptocurrencies`)).json());
    assert.deepEqual(all.find((c) => c.id === coin.id)?.tags, ["meme"]);
    const response = await page.reload();
    assert.equal(response?.headers()["set-cookie"], undefined);
    assert.equal(await memeTable.getByText(coin.symbol, { exact: true }).count(), 1, `${coin.symbol} in Top Meme Coins right after the edit`);
  } finally {
    assert.equal((await operatorEdit(baseUrl, coin.id, { tags: coin.tags })).status, 200);
    await page.reload();
    assert.equal(await memeTable.getByText(coin.symbol, { exact: true }).count(), 0);
    await context.close();
  }
});

/** A raw GET: Accept-Encoding exactly as given, the body as sent (fetch would decode it). */
function rawGet(path: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${suite().baseUrl}${path}`, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.once("error", reject);
    req.end();
  });
}

/** What differs between any two answers, or only in how the body is framed. */
// X-Cache-Status: the edge in front says whether its copy answered (each answer may differ);
// RateLimit: what is left of the caller's quota after each answer (issue 55).
const FRAMING = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "vary", "x-cache-status", "ratelimit"]);
const meaningful = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !FRAMING.has(name)));

test("the full coin list is the route's paged answer, gzipped for a client that takes gzip", async () => {
  // ?per_page=250 takes the route's paging to the same list (the seed has fewer coins than that).
  for (const acceptEncoding of ["gzip", "identity"]) {
    const full = await rawGet("/api/cryptocurrencies", acceptEncoding);
    const paged = await rawGet("/api/cryptocurrencies?per_page=250", acceptEncoding);
    const decoded = (res: typeof full) => (res.headers["content-encoding"] === "gzip" ? gunzipSync(res.body) : res.body).toString();
    assert.equal(decoded(full), decoded(paged), acceptEncoding);
    assert.deepEqual(meaningful(full.headers), meaningful(paged.headers), acceptEncoding);
    assert.equal(full.headers["content-encoding"], acceptEncoding === "gzip" ? "gzip" : undefined);
  }
});
