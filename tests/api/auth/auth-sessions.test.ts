// Session hardening, through the real auth routes on a real SQLite file with real keys:
// sign-in and sign-out only from the site's own pages, signing in again replaces the session,
// and sessions end after 24 hours idle (sliding, recorded at most every 5 minutes) within their
// absolute 7 days. The clock is injected: the session functions take `now`, and the route tests
// fake Date alone (timers stay real: the database client needs them).
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import * as userRoute from "@/app/api/auth/user/route";
import { SESSION_IDLE_TIMEOUT_MS, SESSION_LAST_SEEN_REFRESH_MS, SESSION_MAX_AGE_SECONDS } from "@/lib/auth/config.server";
import { createSession, findSessionUser } from "@/lib/auth/sessions.server";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { Browser, SITE, siweMessage, useAuthEnvironment } from "@/tests/helpers/wallet-session";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";

const { db } = useTestDatabase({ seed: false });
useAuthEnvironment();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const codeOf = (res: { body: unknown }) => apiErrorSchema.parse(res.body).error.code;
const SAME_SITE = { origin: SITE, "sec-fetch-site": "same-origin" };

async function signedIn() {
  const account = privateKeyToAccount(generatePrivateKey());
  const browser = new Browser();
  const res = await browser.signIn(account);
  expect(res.status).toBe(200);
  const row = await db().authSession.findFirstOrThrow({ where: { user: { address: account.address } } });
  return { account, browser, sessionId: row.id };
}

const FOREIGN: [string, Record<string, string>][] = [
  ["a foreign Origin", { origin: "https://evil.example" }],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ["Sec-Fetch-Site: same-site (a sibling subdomain)", { origin: SITE, "sec-fetch-site": "same-site" }],
  ["the foreign Origin beside a same-origin Sec-Fetch-Site", { origin: "https://evil.example", "sec-fetch-site": "same-origin" }],
];

describe("sign-in and sign-out come only from the site's own pages", () => {
  test.each(FOREIGN)("a sign-in with %s is 403 before the body is read: no session, no cookie, the nonce unspent", async (_name, headers) => {
    const account = privateKeyToAccount(generatePrivateKey());
    const browser = new Browser();
    const nonce = await browser.nonce();
    const message = siweMessage({ address: account.address, nonce });
    const form = new URLSearchParams({ csrfToken: await browser.csrfToken(), message, signature: await account.signMessage({ message }) });
    const sessionsBefore = await db().authSession.count();

    const res = await browser.request(nextAuthRoute.POST, "/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: form.toString(),
      params: { nextauth: ["callback", "credentials"] },
    });
    expect(res.status).toBe(403);
    expect(apiErrorSchema.parse(res.body).error).toEqual({ code: "forbidden", message: "This request must come from the site's own pages." });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(browser.sessionCookie()).toBeUndefined();
    expect(await db().authSession.count()).toBe(sessionsBefore);
    expect(await db().user.count({ where: { address: account.address } })).toBe(0);
    // Refused before the body was read: the nonce was never consumed, the same message still works.
    expect(await db().siweNonce.count({ where: { value: nonce } })).toBe(1);
    const same = await browser.request(nextAuthRoute.POST, "/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_SITE },
      body: form.toString(),
      params: { nextauth: ["callback", "credentials"] },
    });
    expect(same.status).toBe(200);
  });

  test.each(FOREIGN)("a sign-out with %s is 403: the session row stays and still works", async (_name, headers) => {
    const { browser, sessionId } = await signedIn();
    const form = new URLSearchParams({ csrfToken: await browser.csrfToken() });
    const res = await browser.request(nextAuthRoute.POST, "/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: form.toString(),
      params: { nextauth: ["signout"] },
    });
    expect(res.status).toBe(403);
    expect(codeOf(res)).toBe("forbidden");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await db().authSession.count({ where: { id: sessionId } })).toBe(1);
    expect((await browser.user()).status).toBe(200);
  });

  test("from the site's own pages (or with neither header, as a non-browser client) both work", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const browser = new Browser();
    const message = siweMessage({ address: account.address, nonce: await browser.nonce() });
    const form = new URLSearchParams({ csrfToken: await browser.csrfToken(), message, signature: await account.signMessage({ message }) });
    const res = await browser.request(nextAuthRoute.POST, "/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_SITE },
      body: form.toString(),
      params: { nextauth: ["callback", "credentials"] },
    });
    expect(res.status).toBe(200);
    const out = await browser.signOut(); // no Origin, no Sec-Fetch-Site
    expect(out.status).toBe(200);
    expect(await db().authSession.count({ where: { user: { address: account.address } } })).toBe(0);
  });

});

describe("signing in again over a live session", () => {
  test("replaces it: the old row is deleted, the old cookie stops working, the new one works", async () => {
    const { account, browser, sessionId } = await signedIn();
    const oldCookie = browser.sessionCookie()!;
    expect((await browser.signIn(account)).status).toBe(200);
    expect(browser.sessionCookie()).not.toBe(oldCookie);
    const rows = await db().authSession.findMany({ where: { user: { address: account.address } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(sessionId);
    expect((await browser.user()).status).toBe(200);
    const stale = await call(userRoute.GET, "/api/auth/user", { headers: { cookie: `__Secure-next-auth.session-token=${oldCookie}` } });
    expect(stale.status).toBe(401);
  });

  test("a refused second sign-in leaves the live session alone", async () => {
    const { account, browser, sessionId } = await signedIn();
    const res = await browser.signIn(account, { domain: "evil.example" });
    expect(res.status).toBe(401);
    expect(await db().authSession.count({ where: { id: sessionId } })).toBe(1);
    expect((await browser.user()).status).toBe(200);
  });
});

describe("idle timeout: 24 hours, sliding, on top of the 7 days (the session functions, clock injected)", () => {
  const T0 = new Date("2026-11-22T10:00:00.000Z");
  const at = (ms: number) => new Date(T0.getTime() + ms);
  const lastSeen = async (id: string) => (await db().authSession.findUniqueOrThrow({ where: { id } })).lastSeenAt;

  async function newSession() {
    const user = await db().user.create({ data: { address: privateKeyToAccount(generatePrivateKey()).address } });
    return createSession(db(), user.id, T0);
  }

  test("a new session was last seen when it was signed", async () => {
    const id = await newSession();
    expect(await db().authSession.findUniqueOrThrow({ where: { id } })).toMatchObject({ createdAt: T0, lastSeenAt: T0, expiresAt: at(SESSION_MAX_AGE_SECONDS * 1000) });
    expect(await findSessionUser(db(), id, T0)).toMatchObject({ sessionId: id, signedInAt: T0 });
  });

  test("use within 5 minutes of the last record writes nothing; after that it moves lastSeenAt", async () => {
    const id = await newSession();
    const updatedAt = async () => (await db().authSession.findUniqueOrThrow({ where: { id } })).lastSeenAt.getTime();
    expect(await findSessionUser(db(), id, at(SESSION_LAST_SEEN_REFRESH_MS - 1))).not.toBeNull();
    expect(await updatedAt()).toBe(T0.getTime());
    expect(await findSessionUser(db(), id, at(SESSION_LAST_SEEN_REFRESH_MS))).not.toBeNull();
    expect(await updatedAt()).toBe(at(SESSION_LAST_SEEN_REFRESH_MS).getTime());
    expect(await findSessionUser(db(), id, at(SESSION_LAST_SEEN_REFRESH_MS + 4 * MINUTE))).not.toBeNull();
    expect(await updatedAt()).toBe(at(SESSION_LAST_SEEN_REFRESH_MS).getTime());
  });

  test("idle exactly 24 hours is still live; a millisecond more ends it and deletes the row", async () => {
    const id = await newSession();
    expect(await findSessionUser(db(), id, at(SESSION_IDLE_TIMEOUT_MS))).not.toBeNull();
    expect(await lastSeen(id)).toEqual(at(SESSION_IDLE_TIMEOUT_MS));
    expect(await findSessionUser(db(), id, at(2 * SESSION_IDLE_TIMEOUT_MS + 1))).toBeNull();
    expect(await db().authSession.count({ where: { id } })).toBe(0);
  });

  test("used every 23 hours it slides on, but never past its 7 days", async () => {
    const id = await newSession();
    for (let t = 23 * HOUR; t < SESSION_MAX_AGE_SECONDS * 1000; t += 23 * HOUR) {
      expect({ t, user: await findSessionUser(db(), id, at(t)) }).toEqual({ t, user: expect.objectContaining({ sessionId: id }) });
    }
    expect(await findSessionUser(db(), id, at(SESSION_MAX_AGE_SECONDS * 1000))).toBeNull();
  });

  test("concurrent uses record the use once and all see the session", async () => {
    const id = await newSession();
    const now = at(HOUR);
    const users = await Promise.all(Array.from({ length: 5 }, () => findSessionUser(db(), id, now)));
    expect(users.every((user) => user?.sessionId === id)).toBe(true);
    expect(await lastSeen(id)).toEqual(now);
  });

  test("a new sign-in clears idle and expired rows", async () => {
    const idle = await newSession();
    const live = await newSession();
    await findSessionUser(db(), live, at(20 * HOUR));
    const user = await db().user.create({ data: { address: privateKeyToAccount(generatePrivateKey()).address } });
    await createSession(db(), user.id, at(25 * HOUR));
    expect(await db().authSession.count({ where: { id: idle } })).toBe(0);
    expect(await db().authSession.count({ where: { id: live } })).toBe(1);
  });
});

describe("idle timeout through GET /api/auth/user (Date faked, timers real)", () => {
  afterEach(() => jest.useRealTimers());

  function fakeDate(now: number) {
    jest.useFakeTimers({
      now,
      doNotFake: ["hrtime", "nextTick", "performance", "queueMicrotask", "requestAnimationFrame", "cancelAnimationFrame", "requestIdleCallback", "cancelIdleCallback", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout"],
    });
  }

  test("a signed-in browser stays signed in while used, and is signed out after 24 hours away", async () => {
    const { browser, sessionId } = await signedIn();
    const signedAt = (await db().authSession.findUniqueOrThrow({ where: { id: sessionId } })).lastSeenAt.getTime();

    fakeDate(signedAt + 3 * MINUTE);
    expect((await browser.user()).status).toBe(200);
    expect((await db().authSession.findUniqueOrThrow({ where: { id: sessionId } })).lastSeenAt.getTime()).toBe(signedAt);

    jest.setSystemTime(signedAt + 20 * HOUR);
    expect((await browser.user()).status).toBe(200);
    expect((await db().authSession.findUniqueOrThrow({ where: { id: sessionId } })).lastSeenAt.getTime()).toBe(signedAt + 20 * HOUR);

    // 40 hours after signing, but only 20 idle: still signed in.
    jest.setSystemTime(signedAt + 40 * HOUR);
    expect((await browser.user()).status).toBe(200);

    jest.setSystemTime(signedAt + 64 * HOUR + 1);
    const res = await browser.user();
    expect(res.status).toBe(401);
    expect(codeOf(res)).toBe("unauthenticated");
    expect(await db().authSession.count({ where: { id: sessionId } })).toBe(0);
  });
});
