// Data a visited site has, made over HTTP before anything is measured: counted comparisons (so
// most-compared ranks a full list rather than the fixed fill-up) and a signed-in user with
// 20 watched coins and 20 saved comparisons. Run on every server, so the probed bodies and the
// measured ones describe the same data.
import { signInOverHttp } from "./sign-in";
import type { Target } from "./targets";

async function coinIdsByRank(baseUrl: string, count: number): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/cryptocurrencies`);
  if (!res.ok) throw new Error(`bench: /api/cryptocurrencies answered ${res.status}`);
  return ((await res.json()) as { id: string }[]).slice(0, count).map((coin) => coin.id);
}

/** Body of a count of one of 15 pairs among the 16 biggest coins. */
function countBody(ids: readonly string[], i: number): string {
  return JSON.stringify({ coin1Id: ids[i % 15]!, coin2Id: ids[(i % 15) + 1]! });
}

/**
 * Counts 45 comparisons (3 of each of 15 pairs), each from its own client: one client counts a
 * pair once a minute (the rate limit), and the bench's servers believe X-Forwarded-For from
 * loopback (TRUST_PROXY=loopback). Writes are measured under the mixed load (mixed-load.ts),
 * where the rate limits are part of what is measured.
 */
export async function countComparisons(baseUrl: string): Promise<void> {
  const ids = await coinIdsByRank(baseUrl, 16);
  for (let i = 0; i < 45; i++) {
    const res = await fetch(`${baseUrl}/api/comparisons`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl, "X-Forwarded-For": `10.0.0.${i + 1}` },
      body: countBody(ids, i),
    });
    if (res.status !== 204) throw new Error(`bench: could not count a comparison (${res.status})`);
  }
}

/**
 * Signs a fresh key in and fills its lists; returns the signed-in targets: both lists (the
 * session is checked against the database on every call).
 */
export async function signedInTargets(baseUrl: string): Promise<Target[]> {
  const cookie = await signInOverHttp(baseUrl);
  const headers = { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/json" };
  const ids = await coinIdsByRank(baseUrl, 21);
  const post = (path: string, body: unknown) => fetch(`${baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  for (const [index, coinId] of ids.slice(0, 20).entries()) {
    if (!(await post("/api/watchlist", { coinId })).ok) throw new Error("bench: could not fill the watchlist");
    if (!(await post("/api/saved-comparisons", { coin1Id: coinId, coin2Id: ids[index + 1] })).ok) throw new Error("bench: could not save");
  }
  return [
    { name: "/api/watchlist (20 coins, signed in)", path: "/api/watchlist", headers: { Cookie: cookie }, expectedStatus: 200, kind: "json" },
    { name: "/api/saved-comparisons (20, signed in)", path: "/api/saved-comparisons", headers: { Cookie: cookie }, expectedStatus: 200, kind: "json" },
  ];
}
