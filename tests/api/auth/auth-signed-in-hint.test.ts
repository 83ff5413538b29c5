// The readable "signed in" hint cookie (pc_signed_in=1) through the real route handlers, a real
// SQLite file and real SIWE signatures: set beside the session cookie on sign-in, cleared on
// sign-out and on every 401 of GET /api/auth/user, and never what authorises anything.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import * as userRoute from "@/app/api/auth/user/route";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/config.server";
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint";
import { signedInHintCookie } from "@/lib/auth/signed-in-hint-cookie";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { Browser, siweMessage, useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { errorOf, forgedSessionCookies, signIn } from "@/tests/helpers/account-session";

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment();

const alice = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const HINT = `${SIGNED_IN_HINT_COOKIE}=1`;

/** A Set-Cookie line split into its name=value and its attributes (names lower-cased). */
function parseSetCookie(line: string) {
  const [pair, ...rest] = line.split(";").map((part) => part.trim());
  const attributes = new Map<string, string>();
  for (const attribute of rest) {
    const index = attribute.indexOf("=");
    if (index < 0) attributes.set(attribute.toLowerCase(), "");
    else attributes.set(attribute.slice(0, index).toLowerCase(), attribute.slice(index + 1));
  }
  return { pair: pair!, attributes };
}

const hintLines = (headers: Headers) => headers.getSetCookie().filter((line) => line.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
const sessionLine = (headers: Headers) => headers.getSetCookie().find((line) => line.startsWith("__Secure-next-auth.session-token="));

describe("a sign-in", () => {
  test("sets the hint beside the session cookie: readable, SameSite=Lax, Path=/, Secure, the session's lifetime, no user data", async () => {
    const browser = new Browser();
    const res = await browser.signIn(alice);
    expect(res.status).toBe(200);
    const [line, ...more] = hintLines(res.headers);
    expect(more).toEqual([]);
    const hint = parseSetCookie(line!);
    expect(hint.pair).toBe(HINT);
    expect(hint.attributes.has("httponly")).toBe(false);
    expect(hint.attributes.get("samesite")).toBe("Lax");
    expect(hint.attributes.get("path")).toBe("/");
    expect(hint.attributes.has("secure")).toBe(true);
    expect(hint.attributes.has("domain")).toBe(false);
    expect(hint.attributes.get("max-age")).toBe(String(SESSION_MAX_AGE_SECONDS));

    // Same lifetime as next-auth's session cookie (its Expires, give or take the request's second).
    const session = parseSetCookie(sessionLine(res.headers)!);
    expect(session.attributes.has("httponly")).toBe(true);
    const hintExpires = Date.parse(hint.attributes.get("expires")!);
    const sessionExpires = Date.parse(session.attributes.get("expires")!);
    expect(Math.abs(hintExpires - sessionExpires)).toBeLessThanOrEqual(2000);
    expect(hintExpires - Date.now()).toBeGreaterThan(SESSION_MAX_AGE_SECONDS * 1000 - 60_000);

    // Nothing about the user: not the address, not the session id.
    expect(line!.toLowerCase()).not.toContain(alice.address.slice(2).toLowerCase());
    expect(line).not.toContain(browser.sessionCookie()!);
    expect(browser.cookies.get(SIGNED_IN_HINT_COOKIE)).toBe("1");
  });

  test("a refused sign-in sets no hint (and no session)", async () => {
    const browser = new Browser();
    const message = siweMessage({ address: alice.address, nonce: await browser.nonce() });
    const wrongSigner = privateKeyToAccount(generatePrivateKey());
    const res = await browser.submit(message, await wrongSigner.signMessage({ message }));
    expect(res.status).toBe(401);
    expect(hintLines(res.headers)).toEqual([]);
    expect(browser.cookies.has(SIGNED_IN_HINT_COOKIE)).toBe(false);
    expect(browser.sessionCookie()).toBeUndefined();
  });

  test("a sign-in with a wrong CSRF token is 403 and sets no hint", async () => {
    const browser = new Browser();
    const message = siweMessage({ address: alice.address, nonce: await browser.nonce() });
    await browser.csrfToken();
    const res = await browser.submit(message, await alice.signMessage({ message }), "0".repeat(64));
    expect(res.status).toBe(403);
    expect(hintLines(res.headers)).toEqual([]);
  });
});

describe("a sign-out", () => {
  test("clears the hint with the session cookie, with the attributes it was set with", async () => {
    const { browser } = await signIn();
    const res = await browser.signOut();
    expect(res.status).toBe(200);
    const [line, ...more] = hintLines(res.headers);
    expect(more).toEqual([]);
    const hint = parseSetCookie(line!);
    expect(hint.pair).toBe(`${SIGNED_IN_HINT_COOKIE}=`);
    expect(hint.attributes.get("max-age")).toBe("0");
    expect(Date.parse(hint.attributes.get("expires")!)).toBe(0);
    expect(hint.attributes.get("path")).toBe("/");
    expect(hint.attributes.get("samesite")).toBe("Lax");
    expect(hint.attributes.has("secure")).toBe(true);
    expect(browser.cookies.has(SIGNED_IN_HINT_COOKIE)).toBe(false);
    expect(browser.sessionCookie()).toBeUndefined();
  });

  test("refused for a wrong CSRF token (403), leaves the hint and the session alone", async () => {
    const { browser } = await signIn();
    const res = await browser.request((await import("@/app/api/auth/[...nextauth]/route")).POST, "/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: "0".repeat(64) }).toString(),
      params: { nextauth: ["signout"] },
    });
    expect(res.status).toBe(403);
    expect(hintLines(res.headers)).toEqual([]);
    expect(browser.cookies.get(SIGNED_IN_HINT_COOKIE)).toBe("1");
    expect((await browser.user()).status).toBe(200);
  });
});

describe("GET /api/auth/user", () => {
  test("a 200 leaves the hint as it is (no Set-Cookie at all)", async () => {
    const { browser } = await signIn();
    const res = await browser.user();
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(browser.cookies.get(SIGNED_IN_HINT_COOKIE)).toBe("1");
  });

  test("a 401 for a session ended elsewhere clears the stale hint, so the next visit asks nothing", async () => {
    const { browser } = await signIn();
    // The session row goes (signed out on another device, or expired) while this browser keeps both cookies.
    await db().authSession.deleteMany({});
    const res = await browser.user();
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe("unauthenticated");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const hint = parseSetCookie(hintLines(res.headers)[0]!);
    expect(hint.pair).toBe(`${SIGNED_IN_HINT_COOKIE}=`);
    expect(hint.attributes.get("max-age")).toBe("0");
    expect(hint.attributes.get("path")).toBe("/");
    expect(hint.attributes.get("samesite")).toBe("Lax");
    expect(hint.attributes.has("secure")).toBe(true);
    expect(browser.cookies.has(SIGNED_IN_HINT_COOKIE)).toBe(false);
  });

  test.each([
    ["the hint alone", HINT],
    ["the hint and a session cookie of the wrong name", `${HINT}; next-auth.session-token=anything`],
  ])("%s is 401 (and the hint is cleared)", async (_name, cookie) => {
    const res = await call(userRoute.GET, "/api/auth/user", { headers: { cookie } });
    expect(res.status).toBe(401);
    expect(hintLines(res.headers)).toHaveLength(1);
    expect(parseSetCookie(hintLines(res.headers)[0]!).attributes.get("max-age")).toBe("0");
  });

  test("a signed-in browser that lost its hint is still signed in: the hint is never required", async () => {
    const { browser, address } = await signIn();
    browser.cookies.delete(SIGNED_IN_HINT_COOKIE);
    const res = await browser.user();
    expect(res.status).toBe(200);
    expect((res.body as { address: string }).address).toBe(address);
  });
});

// That the hint authorises no endpoint that needs a session, alone or beside a forged session
// cookie, is checked for every such endpoint in tests/api/api/route-access.test.ts.
describe("a forged hint does not make GET /api/auth/user answer a user", () => {
  const me = (cookie: string) => call(userRoute.GET, "/api/auth/user", { headers: { cookie } });

  test("with the hint and no session it is 401", async () => {
    const res = await me(HINT);
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe("unauthenticated");
  });

  test("with the hint beside each forged session cookie it is 401", async () => {
    for (const [name, forged] of await forgedSessionCookies()) {
      const res = await me(`${HINT}; ${forged}`);
      expect([name, res.status]).toEqual([name, 401]);
    }
  });
});

describe("the cookie helpers", () => {
  test("recognise the hint only as its exact name and value", () => {
    expect(hasSignedInHint(HINT)).toBe(true);
    expect(hasSignedInHint(`a=b; ${HINT}; c=d`)).toBe(true);
    expect(hasSignedInHint("")).toBe(false);
    expect(hasSignedInHint(`${SIGNED_IN_HINT_COOKIE}=`)).toBe(false);
    expect(hasSignedInHint(`${SIGNED_IN_HINT_COOKIE}=0`)).toBe(false);
    expect(hasSignedInHint(`x${SIGNED_IN_HINT_COOKIE}=1`)).toBe(false);
    expect(hasSignedInHint(`${SIGNED_IN_HINT_COOKIE}=1x`)).toBe(false);
  });

  test("over http the hint is not Secure (the browser would refuse it)", () => {
    const line = signedInHintCookie({ maxAgeSeconds: 60, secure: false, now: new Date("2026-11-21T10:00:00Z") });
    expect(line).toBe(`${HINT}; Path=/; Max-Age=60; Expires=Sat, 21 Nov 2026 10:01:00 GMT; SameSite=Lax`);
  });
});

describe("on a site served over http (a local development origin)", () => {
  const HTTP_SITE = "http://localhost:3000";
  useAuthEnvironment({ AUTH_ORIGINS: HTTP_SITE });

  test("sign-in sets the hint without Secure, like next-auth's session cookie; sign-out clears it", async () => {
    const browser = new Browser();
    const message = siweMessage({ address: alice.address, nonce: await browser.nonce(), domain: "localhost:3000", uri: `${HTTP_SITE}/` });
    const res = await browser.submit(message, await alice.signMessage({ message }));
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((line) => line.startsWith("next-auth.session-token="));
    expect(session).not.toMatch(/;\s*Secure/i);
    const hint = parseSetCookie(hintLines(res.headers)[0]!);
    expect(hint.pair).toBe(HINT);
    expect(hint.attributes.has("secure")).toBe(false);
    expect(hint.attributes.get("samesite")).toBe("Lax");

    const out = await browser.signOut();
    const cleared = parseSetCookie(hintLines(out.headers)[0]!);
    expect(cleared.attributes.get("max-age")).toBe("0");
    expect(cleared.attributes.has("secure")).toBe(false);
    expect(browser.cookies.has(SIGNED_IN_HINT_COOKIE)).toBe(false);
  });
});
