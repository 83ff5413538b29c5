// Shared by the watchlist and saved-comparison API tests: a signed-in Browser for a fresh real
// key, JSON writes sent the way the site's own pages send them, and direct reads of a user's rows.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import { encode } from "next-auth/jwt";
import type { PrismaClient } from "@/lib/db/create-client";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { Browser, SITE, TEST_AUTH_SECRET } from "./wallet-session";

/** What a browser sends on a fetch from the site's own pages. */
export const SAME_SITE = { origin: SITE, "sec-fetch-site": "same-origin" } as const;
export const JSON_WRITE = { "content-type": "application/json", ...SAME_SITE } as const;

export const SESSION_COOKIE = "__Secure-next-auth.session-token";

export type SignedIn = { browser: Browser; userId: number; address: string };

/** A new wallet (real key, real SIWE signature) signed in through the real auth routes, in `browser` (a new one by default). */
export async function signIn(key: Hex = generatePrivateKey(), browser: Browser = new Browser()): Promise<SignedIn> {
  const account = privateKeyToAccount(key);
  const res = await browser.signIn(account);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  const me = await browser.user();
  if (me.status !== 200) throw new Error(`/api/auth/user: ${me.status} ${me.text}`);
  const { id, address } = me.body as { id: number; address: string };
  return { browser, userId: id, address };
}

/** Cookies that must not count as a session: garbage, a JWT under another secret, a JWT naming no session row. */
export async function forgedSessionCookies(): Promise<[string, string][]> {
  const wrongSecret = await encode({ token: { sid: "x".repeat(43) }, secret: "some-other-secret-0123456789abcdef0123" });
  const unknownSession = await encode({ token: { sid: "no-such-session-row" }, secret: TEST_AUTH_SECRET });
  const noSid = await encode({ token: { sub: "1" }, secret: TEST_AUTH_SECRET });
  return [
    ["garbage", `${SESSION_COOKIE}=garbage`],
    ["a forged JWE", `${SESSION_COOKIE}=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged..x.y`],
    ["a JWT encrypted with another secret", `${SESSION_COOKIE}=${wrongSecret}`],
    ["a valid JWT naming no session row", `${SESSION_COOKIE}=${unknownSession}`],
    ["a valid JWT without a session id", `${SESSION_COOKIE}=${noSid}`],
  ];
}

export function errorOf(res: { body: unknown }) {
  return apiErrorSchema.parse(res.body).error;
}

/** Every watchlist and saved-comparison row of one user, in a stable order, for before/after comparisons. */
export async function rowsOf(db: PrismaClient, userId: number) {
  const [watchlist, saved] = await Promise.all([
    db.watchlistEntry.findMany({ where: { userId }, orderBy: { id: "asc" } }),
    db.savedComparison.findMany({ where: { userId }, orderBy: { id: "asc" } }),
  ]);
  return { watchlist, saved };
}

/** Row counts of both tables over all users. */
export async function counts(db: PrismaClient) {
  return { watchlist: await db.watchlistEntry.count(), saved: await db.savedComparison.count() };
}
