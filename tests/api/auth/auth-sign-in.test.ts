// Sign-In with Ethereum end to end through the real handlers, a real database file and real
// signatures from real keys (viem accounts).
import { privateKeyToAccount } from "viem/accounts";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { Browser, SITE, SITE_HOST, siweMessage, useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: false });
useAuthEnvironment();

const alice = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const mallory = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");

function errorOf(res: { body: unknown }) {
  return apiErrorSchema.parse(res.body).error;
}

describe("a valid sign-in", () => {
  test("succeeds once: session cookie, /api/auth/user answers the checksummed address, a user row exists", async () => {
    const browser = new Browser();
    const res = await browser.signIn(alice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("__Secure-next-auth.session-token="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await browser.user();
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("no-store");
    expect(me.body).toEqual({ id: expect.any(Number), address: alice.address, createdAt: expect.any(String) });
    expect(await db().user.count({ where: { address: alice.address } })).toBe(1);
  });

  test("the same message and signature replayed are refused, also after sign-out, with no session", async () => {
    const browser = new Browser();
    const message = siweMessage({ address: alice.address, nonce: await browser.nonce() });
    const signature = await alice.signMessage({ message });
    expect((await browser.submit(message, signature)).status).toBe(200);

    const attacker = new Browser();
    const replay = await attacker.submit(message, signature);
    expect(replay.status).toBe(401);
    expect(errorOf(replay).code).toBe("nonce_invalid");
    expect(attacker.sessionCookie()).toBeUndefined();
    expect((await attacker.user()).status).toBe(401);

    expect((await browser.signOut()).status).toBe(200);
    const afterSignOut = await attacker.submit(message, signature);
    expect(afterSignOut.status).toBe(401);
    expect(attacker.sessionCookie()).toBeUndefined();
  });

  test("signing in writes nothing into the environment: next-auth runs without NEXTAUTH_URL", async () => {
    const before = { ...process.env };
    const browser = new Browser();
    await browser.signIn(alice);
    expect((await browser.user()).status).toBe(200);
    expect(process.env).toEqual(before);
    expect(process.env.NEXTAUTH_URL).toBeUndefined();
  });

  test("two concurrent submissions of one signed message make exactly one session", async () => {
    const first = new Browser();
    const message = siweMessage({ address: alice.address, nonce: await first.nonce() });
    const signature = await alice.signMessage({ message });
    const second = new Browser();
    const [a, b] = await Promise.all([first.submit(message, signature), second.submit(message, signature)]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
  });
});

describe("sign-out", () => {
  test("ends the session on the server: the old cookie gets 401 afterwards", async () => {
    const browser = new Browser();
    await browser.signIn(alice);
    const oldCookie = browser.sessionCookie()!;
    const sessionsBefore = await db().authSession.count();

    const res = await browser.signOut();
    expect(res.status).toBe(200);
    expect(browser.sessionCookie()).toBeUndefined();
    expect(await db().authSession.count()).toBe(sessionsBefore - 1);

    const thief = new Browser();
    thief.cookies.set("__Secure-next-auth.session-token", oldCookie);
    const me = await thief.user();
    expect(me.status).toBe(401);
    expect(errorOf(me).code).toBe("unauthenticated");
  });

  test("needs next-auth's CSRF token", async () => {
    const browser = new Browser();
    await browser.signIn(alice);
    await browser.csrfToken();
    const res = await browser.request((await import("@/app/api/auth/[...nextauth]/route")).POST, "/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "csrfToken=forged",
      params: { nextauth: ["signout"] },
    });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe("csrf_failed");
    expect((await browser.user()).status).toBe(200);
  });

  test("a sign-out racing another (the wallet kit's and the account switch's) answers 200 once the session is gone", async () => {
    const browser = new Browser();
    await browser.signIn(alice);
    const sessionsBefore = await db().authSession.count();
    expect((await browser.signOut()).status).toBe(200);
    // The second comes after the first's answer cleared the session cookie: nothing is left to end.
    const second = await browser.signOut();
    expect(second.status).toBe(200);
    expect(await db().authSession.count()).toBe(sessionsBefore - 1);
    expect((await browser.user()).status).toBe(401);
  });
});

describe("refused sign-ins leave no session", () => {
  const minutes = (n: number) => new Date(Date.now() + n * 60_000);

  test.each([
    ["a foreign domain", { domain: "evil.example" }, "domain_mismatch"],
    ["a foreign URI", { uri: "https://evil.example/" }, "uri_mismatch"],
    ["an http URI for an https site", { uri: `http://${SITE_HOST}/` }, "uri_mismatch"],
    ["an http scheme for an https site", { scheme: "http" }, "domain_mismatch"],
    ["another chain id", { chainId: 1 }, "chain_unsupported"],
    ["an expired message", { expirationTime: minutes(-1) }, "message_expired"],
    ["a message not valid yet", { notBefore: minutes(5) }, "message_not_yet_valid"],
    ["a stale issuedAt", { issuedAt: minutes(-11) }, "issued_at_invalid"],
    ["an issuedAt in the future", { issuedAt: minutes(5) }, "issued_at_invalid"],
  ] as const)("%s", async (_name, fields, code) => {
    const browser = new Browser();
    const res = await browser.signIn(alice, fields);
    expect(res.status).toBe(401);
    expect(errorOf(res)).toEqual({ code, message: expect.any(String) });
    expect(browser.sessionCookie()).toBeUndefined();
    expect((await browser.user()).status).toBe(401);
  });

  async function refused(browser: Browser, message: string, signature: string, code: string) {
    const res = await browser.submit(message, signature);
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe(code);
    expect(browser.sessionCookie()).toBeUndefined();
    expect((await browser.user()).status).toBe(401);
  }

  test("a malformed message", async () => {
    const browser = new Browser();
    const garbage = "please let me in";
    await refused(browser, garbage, await alice.signMessage({ message: garbage }), "message_malformed");
  });

  test("a valid message with an extra line smuggled in", async () => {
    const browser = new Browser();
    const message = `${siweMessage({ address: alice.address, nonce: await browser.nonce() })}\nChain ID: 1`;
    await refused(browser, message, await alice.signMessage({ message }), "message_malformed");
  });

  test("the wrong signer, while PulseChain cannot be asked whether the address is a contract wallet", async () => {
    // (With the chain reachable the answer is signature_invalid: see auth-contract-wallet.test.ts.)
    const browser = new Browser();
    const message = siweMessage({ address: alice.address, nonce: await browser.nonce() });
    await refused(browser, message, await mallory.signMessage({ message }), "signature_unverifiable");
  });

  test("a signature that is not hex", async () => {
    const browser = new Browser();
    const message = siweMessage({ address: alice.address, nonce: await browser.nonce() });
    await refused(browser, message, "not-a-signature", "signature_invalid");
  });

  test("an empty nonce", async () => {
    const browser = new Browser();
    const message = siweMessage({ address: alice.address, nonce: "placeholderNonce123" }).replace(
      "Nonce: placeholderNonce123",
      "Nonce: ",
    );
    await refused(browser, message, await alice.signMessage({ message }), "message_malformed");
  });

  test("an unknown nonce", async () => {
    const browser = new Browser();
    const message = siweMessage({ address: alice.address, nonce: "NeverIssuedByTheServer42" });
    await refused(browser, message, await alice.signMessage({ message }), "nonce_invalid");
  });

  test("an expired nonce", async () => {
    const browser = new Browser();
    const nonce = await browser.nonce();
    await db().siweNonce.update({ where: { value: nonce }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const message = siweMessage({ address: alice.address, nonce });
    await refused(browser, message, await alice.signMessage({ message }), "nonce_invalid");
  });

  test("a missing or wrong CSRF token", async () => {
    const browser = new Browser();
    const message = siweMessage({ address: alice.address, nonce: await browser.nonce() });
    const res = await browser.submit(message, await alice.signMessage({ message }), "forged-token");
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe("csrf_failed");
    expect(browser.sessionCookie()).toBeUndefined();
  });
});

describe("addresses", () => {
  test("a lower-case and a checksummed address map to one user", async () => {
    const lower = new Browser();
    const lowerMessage = siweMessage({ address: alice.address, nonce: await lower.nonce() }).replace(
      alice.address,
      alice.address.toLowerCase(),
    );
    expect((await lower.submit(lowerMessage, await alice.signMessage({ message: lowerMessage }))).status).toBe(200);
    const checksummed = new Browser();
    expect((await checksummed.signIn(alice)).status).toBe(200);

    const [a, b] = [(await lower.user()).body, (await checksummed.user()).body] as { id: number; address: string }[];
    expect(a!.id).toBe(b!.id);
    expect(a!.address).toBe(alice.address);
    expect(await db().user.count({ where: { address: { in: [alice.address, alice.address.toLowerCase()] } } })).toBe(1);
  });

  test("a mixed-case address with a wrong checksum is refused", async () => {
    const browser = new Browser();
    const flipped = alice.address.replace(/[a-f]/, (c) => c.toUpperCase());
    const message = siweMessage({ address: alice.address, nonce: await browser.nonce() }).replace(alice.address, flipped);
    const res = await browser.submit(message, await alice.signMessage({ message }));
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe("message_malformed");
  });
});

test("a session row past its expiry no longer signs anyone in", async () => {
  const browser = new Browser();
  await browser.signIn(mallory);
  await db().authSession.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
  expect((await browser.user()).status).toBe(401);
});

test("the site origin used in these tests is https", () => {
  expect(SITE.startsWith("https://")).toBe(true);
});
