// `npm run bench`: measures the production build and prints figures; it asserts nothing.
// - First-load JS of each page: the gzipped size of every script the HTML loads.
// - API latency and throughput on loopback (public reads, counting a comparison, and a signed-in user's lists), with a static file served by the same
//   server as the reference, so the figures can be read as ratios on any machine.
// Budgets are printed beside the figures; timings never run inside the test suite.
import { gzipSync } from "node:zlib";
import { startApp } from "../browser/harness";
import { signInOverHttp } from "./sign-in";

const ROUNDS = 5;
const REQUESTS_PER_ROUND = 300;
const CONCURRENCY = 8;
const FIRST_LOAD_JS_BUDGET_KB = 250;
const API_MEDIAN_BUDGET_RATIO = 15; // median API latency at most this many times the static file's

const PAGES = ["/", "/playground", "/get-listed", "/watchlist", "/saved", "/no-such-page"];
const REFERENCE = "/logo.svg";
const ENDPOINTS = [
  "/api/cryptocurrencies",
  "/api/cryptocurrencies/pls",
  "/api/trending/top-gainers",
  "/api/trending/pulsechain-gainers",
  "/api/trending/recently-listed",
  "/api/trending/most-compared",
  "/api/comparisons/featured",
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function firstLoadJsKb(baseUrl: string, page: string): Promise<{ kb: number; scripts: number }> {
  const html = await (await fetch(`${baseUrl}${page}`)).text();
  // `noModule` scripts (Next's legacy polyfills) are skipped by every browser that runs modules,
  // so they are not part of a visitor's first load.
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((m) => !/\snomodule\b/i.test(m[0]));
  const sources = [...new Set(tags.map((m) => m[1]!))];
  let bytes = 0;
  for (const src of sources) bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer())).length;
  return { kb: bytes / 1024, scripts: sources.length };
}

/** One round: REQUESTS_PER_ROUND requests, CONCURRENCY at a time. Returns latencies (ms) and req/s. */
async function round(url: string, init?: RequestInit): Promise<{ latencies: number[]; perSecond: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS_PER_ROUND) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url, init);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, perSecond: REQUESTS_PER_ROUND / ((performance.now() - started) / 1000) };
}

async function measure(url: string, init?: RequestInit): Promise<{ medianMs: number; p95Ms: number; perSecond: number }> {
  await round(url, init); // warm-up
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(url, init));
  return {
    medianMs: median(rounds.map((r) => median(r.latencies))),
    p95Ms: median(rounds.map((r) => percentile(r.latencies, 95))),
    perSecond: median(rounds.map((r) => r.perSecond)),
  };
}

const app = await startApp();
try {
  console.log(`\nFirst-load JS (gzip), budget ${FIRST_LOAD_JS_BUDGET_KB} KB`);
  for (const page of PAGES) {
    const { kb, scripts } = await firstLoadJsKb(app.baseUrl, page);
    console.log(`  ${page.padEnd(36)} ${kb.toFixed(1).padStart(7)} KB in ${scripts} scripts  ${kb <= FIRST_LOAD_JS_BUDGET_KB ? "within budget" : "OVER BUDGET"}`);
  }

  console.log(`\nLatency and throughput: ${ROUNDS} rounds of ${REQUESTS_PER_ROUND} GETs, ${CONCURRENCY} concurrent; medians across rounds`);
  const reference = await measure(`${app.baseUrl}${REFERENCE}`);
  const row = (name: string, r: typeof reference, ratio: string) =>
    console.log(`  ${name.padEnd(36)} median ${r.medianMs.toFixed(2).padStart(6)} ms  p95 ${r.p95Ms.toFixed(2).padStart(6)} ms  ${r.perSecond.toFixed(0).padStart(5)} req/s  ${ratio}`);
  row(`${REFERENCE} (reference)`, reference, "");
  const judged = (name: string, r: typeof reference) => {
    const ratio = r.medianMs / reference.medianMs;
    row(name, r, `${ratio.toFixed(1)}x reference  ${ratio <= API_MEDIAN_BUDGET_RATIO ? "within budget" : "OVER BUDGET"}`);
  };
  // Counted pairs, so most-compared ranks and serves a full list rather than an empty one.
  const ids = ((await (await fetch(`${app.baseUrl}/api/cryptocurrencies`)).json()) as { id: string }[]).map((c) => c.id);
  const countBody = (i: number) => JSON.stringify({ coin1Id: ids[i % 15]!, coin2Id: ids[(i % 15) + 1]! });
  const count = (i: number) =>
    fetch(`${app.baseUrl}/api/comparisons`, { method: "POST", headers: { "Content-Type": "application/json" }, body: countBody(i) });
  for (let i = 0; i < 45; i++) if ((await count(i)).status !== 204) throw new Error("bench: could not count a comparison");
  for (const endpoint of ENDPOINTS) judged(endpoint, await measure(`${app.baseUrl}${endpoint}`));
  judged(
    "POST /api/comparisons (count one)",
    await measure(`${app.baseUrl}/api/comparisons`, { method: "POST", headers: { "Content-Type": "application/json", Origin: app.baseUrl }, body: countBody(0) }),
  );

  // A signed-in user's lists (session checked against the database on every call), with a
  // realistic amount on them, and the idempotent re-add a double click produces.
  const cookie = await signInOverHttp(app.baseUrl);
  const headers = { Cookie: cookie, Origin: app.baseUrl, "Content-Type": "application/json" };
  const coinIds = ((await (await fetch(`${app.baseUrl}/api/cryptocurrencies`)).json()) as { id: string }[]).map((c) => c.id).slice(0, 21);
  for (const [index, coinId] of coinIds.slice(0, 20).entries()) {
    const post = (path: string, body: unknown) => fetch(`${app.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (!(await post("/api/watchlist", { coinId })).ok) throw new Error("bench: could not fill the watchlist");
    if (!(await post("/api/saved-comparisons", { coin1Id: coinId, coin2Id: coinIds[index + 1] })).ok) throw new Error("bench: could not save");
  }
  console.log("\nSigned in, 20 coins watched and 20 comparisons saved:");
  judged("GET /api/watchlist", await measure(`${app.baseUrl}/api/watchlist`, { headers: { Cookie: cookie } }));
  judged("GET /api/saved-comparisons", await measure(`${app.baseUrl}/api/saved-comparisons`, { headers: { Cookie: cookie } }));
  const again = JSON.stringify({ coinId: coinIds[0] });
  judged("POST /api/watchlist (already on it)", await measure(`${app.baseUrl}/api/watchlist`, { method: "POST", headers, body: again }));
} finally {
  await app.stop();
}
