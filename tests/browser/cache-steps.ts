// Steps for specs that change data and watch the cached site follow: the documented ceiling
// (docs/caching.md), and an operator's edit, which is how the app itself is told of a change.
import assert from "node:assert/strict";
import { signInOverHttp } from "@/tests/bench/sign-in";
import { OPERATOR_KEY } from "./harness";

/**
 * How stale the coins version a server knows may be: it reads the version row at most this often
 * (PROBE_MS in lib/cache/public-cache.server.ts, which a spec cannot import: it is server-only).
 */
export const COINS_PROBE_MS = 2_000;

/** A change the app cannot see (the CLI, another instance) shows everywhere within this. */
export const CEILING_MS = 60_000;

/**
 * How long the edge (deploy/nginx/, in front of the suite's site) may keep a response the app
 * marks for shared caches: one second, which nginx counts in whole seconds, so up to two.
 */
export const EDGE_KEEPS_MS = 2_100;

/**
 * Whether a response came from a cache: the edge's (X-Cache-Status HIT, or STALE/UPDATING while
 * one request refreshes it; the stored copy keeps the app's headers of when it was stored) or
 * Next's page cache behind it (x-nextjs-cache).
 */
export function servedFromCache(headers: { get(name: string): string | null }, nextStates = /^(HIT|STALE)$/): boolean {
  return /^(HIT|STALE|UPDATING)$/.test(headers.get("x-cache-status") ?? "") || nextStates.test(headers.get("x-nextjs-cache") ?? "");
}

/** Polls `check` every second until it holds; fails past the ceiling. Returns the time it took. */
export async function waitWithinCeiling(what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    assert.ok(Date.now() - started <= CEILING_MS, `${what}: not visible within ${CEILING_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * An address whose percent-encoding is broken ("%E0%A4%A", a lone "%"): not a path at all, so the
 * edge refuses the request line itself, 400 with the API's error JSON, and no page is rendered.
 */
export async function assertMalformedAddress(get: (path: string) => Promise<Response>, path: string): Promise<void> {
  const res = await get(path);
  assert.equal(res.status, 400, path);
  assert.deepEqual(((await res.json()) as { error: { code: string } }).error.code, "bad_request", path);
}

/** Admin writes need a signature at most 15 minutes old (lib/auth/operators.server.ts): sign again well before. */
const OPERATOR_RESIGN_MS = 10 * 60_000;
const operatorCookies = new Map<string, { cookie: Promise<string>; signedAt: number }>();

/** PATCH /api/admin/coins/{id} as the test server's operator; returns the response. */
export async function operatorEdit(baseUrl: string, coinId: string, body: unknown): Promise<Response> {
  const held = operatorCookies.get(baseUrl);
  if (!held || Date.now() - held.signedAt > OPERATOR_RESIGN_MS) {
    operatorCookies.set(baseUrl, { cookie: signInOverHttp(baseUrl, OPERATOR_KEY), signedAt: Date.now() });
  }
  const cookie = await operatorCookies.get(baseUrl)!.cookie;
  const send = () =>
    fetch(`${baseUrl}/api/admin/coins/${coinId}`, {
      method: "PATCH",
      headers: { Cookie: cookie, Origin: baseUrl, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  // Node's fetch reuses a kept-alive connection the server may be closing at that very moment
  // ("fetch failed", seen once on CI in market.spec.ts's clean-up after a long pause). The edit
  // sets the same values again, so sending it once more is safe; a server that is down fails twice.
  const res = await send().catch(async (error: unknown) => {
    if (!(error instanceof TypeError)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 500));
    return send();
  });
  // The app's caches took the edit at once; the edge's copies of the pages and the API age out
  // within EDGE_KEEPS_MS, as a visitor's next look after the edit would find.
  await new Promise((resolve) => setTimeout(resolve, EDGE_KEEPS_MS));
  return res;
}
