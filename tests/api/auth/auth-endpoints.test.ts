// The auth endpoints' edges: nonce issuing, /api/auth/user, /api/login, and what the narrowed
// next-auth route answers for requests the app never makes.
import fc from "fast-check";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import * as loginRoute from "@/app/api/login/route";
import * as nonceRoute from "@/app/api/auth/nonce/route";
import * as userRoute from "@/app/api/auth/user/route";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { Browser, SITE, useAuthEnvironment } from "@/tests/helpers/wallet-session";

const { db } = useTestDatabase({ seed: false });
useAuthEnvironment();

const codeOf = (res: { body: unknown }) => apiErrorSchema.parse(res.body).error.code;

describe("POST /api/auth/nonce", () => {
  test("issues a fresh, stored, uncacheable nonce of 24 alphanumeric characters", async () => {
    const a = await call(nonceRoute.POST, "/api/auth/nonce", { method: "POST", headers: { origin: SITE } });
    const b = await call(nonceRoute.POST, "/api/auth/nonce", { method: "POST" });
    expect(a.status).toBe(200);
    expect(a.headers.get("cache-control")).toBe("no-store");
    const [first, second] = [a.body, b.body] as { nonce: string; expiresAt: string }[];
    expect(first!.nonce).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(first!.nonce).not.toBe(second!.nonce);
    const expiresIn = Date.parse(first!.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);
    expect(await db().siweNonce.count({ where: { value: first!.nonce } })).toBe(1);
  });

  test("expired nonces are cleared when new ones are issued", async () => {
    await db().siweNonce.create({ data: { value: "OldNonceFromLastWeek0001", expiresAt: new Date(Date.now() - 60_000) } });
    await call(nonceRoute.POST, "/api/auth/nonce", { method: "POST" });
    expect(await db().siweNonce.count({ where: { value: "OldNonceFromLastWeek0001" } })).toBe(0);
  });

  test("GET is 405 JSON", async () => {
    const res = await call(nonceRoute.GET, "/api/auth/nonce");
    expect(res.status).toBe(405);
    expect(codeOf(res)).toBe("method_not_allowed");
  });
});

describe("GET /api/auth/user", () => {
  test.each([
    ["no cookie", undefined],
    ["a forged session cookie", "__Secure-next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged"],
    ["a cookie of the wrong name", "next-auth.session-token=anything"],
  ])("%s is 401 JSON, not cached", async (_name, cookie) => {
    const res = await call(userRoute.GET, "/api/auth/user", { headers: cookie ? { cookie } : {} });
    expect(res.status).toBe(401);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(codeOf(res)).toBe("unauthenticated");
  });
});

describe("the next-auth route answers only what the app uses", () => {
  const nextAuth = (method: string, path: string[], init: RequestInit = {}) =>
    call(method === "GET" ? nextAuthRoute.GET : nextAuthRoute.POST, `/api/auth/${path.join("/")}`, {
      method,
      ...init,
      params: { nextauth: path },
    });

  test.each([["signin"], ["session"], ["providers"], ["error"], ["callback/github"], ["_log"]])(
    "/api/auth/%s is 404 JSON",
    async (path) => {
      const res = await nextAuth("GET", path.split("/"));
      expect(res.status).toBe(404);
      expect(codeOf(res)).toBe("not_found");
    },
  );

  test("GET on the credentials callback is 405", async () => {
    const res = await nextAuth("GET", ["callback", "credentials"]);
    expect(res.status).toBe(405);
  });

  const form = { "content-type": "application/x-www-form-urlencoded" };
  test.each([
    ["an unknown field", form, "csrfToken=a&message=b&signature=c&callbackUrl=https%3A%2F%2Fevil.example", 400, "bad_request"],
    ["a missing signature", form, "csrfToken=a&message=b", 400, "bad_request"],
    ["a text/plain body", { "content-type": "text/plain" }, "csrfToken=a", 415, "unsupported_media_type"],
    ["a body over 16 KB", form, `csrfToken=a&signature=0x&message=${"x".repeat(17 * 1024)}`, 413, "payload_too_large"],
    ["malformed JSON", { "content-type": "application/json" }, "{not json", 400, "bad_request"],
  ])("a sign-in POST with %s is %i JSON", async (_name, headers, body, status, code) => {
    const res = await nextAuth("POST", ["callback", "credentials"], { headers, body });
    expect(res.status).toBe(status);
    expect(codeOf(res)).toBe(code);
  });

  test("GET csrf sets next-auth's CSRF cookie and answers its token", async () => {
    const browser = new Browser();
    const token = await browser.csrfToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect([...browser.cookies.keys()]).toContain("__Host-next-auth.csrf-token");
  });
});

describe("GET /api/login", () => {
  test.each([
    ["?returnTo=/watchlist", {}, "/watchlist#connect-wallet"],
    ["?returnTo=%2Fsaved%3Fx%3D1", {}, "/saved?x=1#connect-wallet"],
    ["", { referer: `${SITE}/saved` }, "/saved#connect-wallet"],
    ["", { referer: "https://evil.example/phish" }, "/#connect-wallet"],
    ["", { referer: `${SITE}/api/auth/user` }, "/#connect-wallet"],
    ["", {}, "/#connect-wallet"],
  ])("%s (headers %j) redirects to %s on the site's origin", async (query, headers, path) => {
    const res = await call(loginRoute.GET, `/api/login${query}`, { headers });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${SITE}${path}`);
  });

  // Each of these once answered `Location: //evil.example#connect-wallet` (or would, read as a
  // relative reference): dot segments, encoded dots, backslashes, tabs and newlines.
  test.each([
    ["//evil.example"],
    ["https://evil.example/"],
    ["/\\evil.example"],
    ["/\\/evil.example"],
    ["\\\\evil.example"],
    ["/.//evil.example"],
    ["/%2e%2e//evil.example"],
    ["/%2E//evil.example"],
    ["/x/..//evil.example/phish"],
    ["/x/%2e%2e//evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r//evil.example"],
    ["/api/auth/user"],
    ["/x/../api/auth/user"],
    ["watchlist"],
  ])("returnTo=%j is 400 JSON", async (returnTo) => {
    const res = await call(loginRoute.GET, `/api/login?returnTo=${encodeURIComponent(returnTo)}`);
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe("invalid_query");
  });

  test.each([["/%2F%2Fevil.example"], ["/%5C%5Cevil.example"], ["/x/../saved"]])("returnTo=%j stays on the site", async (returnTo) => {
    const res = await call(loginRoute.GET, `/api/login?returnTo=${encodeURIComponent(returnTo)}`);
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location")!).origin).toBe(SITE);
  });

  test("no returnTo of any shape leads off the site", async () => {
    const pieces = ["/", "//", ".", "..", "%2e", "%2E", "%2f", "\\", "\t", "\n", "evil.example", "x", "?", "#", "@", ":", "%5c", "%00"];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }), async (parts) => {
        const res = await call(loginRoute.GET, `/api/login?returnTo=${encodeURIComponent(parts.join(""))}`);
        if (res.status === 400) return;
        expect(res.status).toBe(303);
        expect(new URL(res.headers.get("location")!).origin).toBe(SITE);
      }),
      { numRuns: 300 },
    );
  });
});
