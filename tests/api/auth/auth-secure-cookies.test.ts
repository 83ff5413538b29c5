// When the session, CSRF and hint cookies are Secure: in production whenever any configured
// origin is https (the order of AUTH_ORIGINS does not matter), outside production when the
// canonical (first) one is. Secure cookies carry next-auth's __Secure- / __Host- name prefixes.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { getAuthConfig, secureCookiesFor } from "@/lib/auth/config.server";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { Browser, SITE, useAuthEnvironment } from "@/tests/helpers/wallet-session";

useTestDatabase({ seed: false });

describe("the rule", () => {
  test.each([
    [true, ["https://pulsecompare.example"], true],
    [true, ["https://pulsecompare.example", "http://localhost:3000"], true],
    [true, ["http://localhost:3000", "https://pulsecompare.example"], true],
    [true, ["http://localhost:3000", "http://127.0.0.1:3000"], false],
    [false, ["https://pulsecompare.example", "http://localhost:3000"], true],
    [false, ["http://localhost:3000", "https://tunnel.example"], false],
    [false, ["http://localhost:3000"], false],
  ])("production=%s, origins %j: Secure=%s", (production, origins, secure) => {
    expect(secureCookiesFor(origins, production)).toBe(secure);
  });
});

/** Signs a fresh key in on SITE and returns every Set-Cookie line of the answer. */
async function signInCookies() {
  const browser = new Browser();
  const res = await browser.signIn(privateKeyToAccount(generatePrivateKey()));
  expect(res.status).toBe(200);
  return { browser, lines: res.headers.getSetCookie() };
}
const line = (lines: string[], name: string) => lines.find((l) => l.startsWith(`${name}=`));

describe.each([
  ["https first, http://localhost second", `${SITE},http://localhost:3000`],
  ["http://localhost first, https second", `http://localhost:3000,${SITE}`],
])("production with %s", (_name, origins) => {
  useAuthEnvironment({ NODE_ENV: "production", AUTH_ORIGINS: origins });

  test("the session is a Secure __Secure- cookie, the hint is Secure, the CSRF cookie is __Host-", async () => {
    expect(getAuthConfig()).toMatchObject({ ok: true, config: { secureCookies: true, sessionCookieName: "__Secure-next-auth.session-token" } });
    const { browser, lines } = await signInCookies();
    expect(line(lines, "__Secure-next-auth.session-token")).toMatch(/;\s*Secure/i);
    expect(line(lines, "__Secure-next-auth.session-token")).toMatch(/;\s*HttpOnly/i);
    expect(line(lines, "next-auth.session-token")).toBeUndefined();
    expect(line(lines, "pc_signed_in")).toMatch(/;\s*Secure/i);
    expect([...browser.cookies.keys()]).toContain("__Host-next-auth.csrf-token");
    // And the server reads the cookie under that name.
    expect((await browser.user()).status).toBe(200);
  });
});

describe("production with http origins only (a local production build)", () => {
  useAuthEnvironment({ NODE_ENV: "production", AUTH_ORIGINS: "http://pulsecompare.example,http://localhost:3000" });

  test("cookies are not Secure and carry no prefix (a browser would refuse them over http)", async () => {
    expect(getAuthConfig()).toMatchObject({ ok: true, config: { secureCookies: false, sessionCookieName: "next-auth.session-token" } });
    const browser = new Browser();
    const account = privateKeyToAccount(generatePrivateKey());
    const res = await browser.signIn(account, { uri: "http://pulsecompare.example/" });
    expect(res.status).toBe(200);
    const lines = res.headers.getSetCookie();
    expect(line(lines, "next-auth.session-token")).not.toMatch(/;\s*Secure/i);
    expect(line(lines, "pc_signed_in")).not.toMatch(/;\s*Secure/i);
    expect((await browser.user()).status).toBe(200);
  });
});

describe("development with http://localhost first and an https tunnel second", () => {
  useAuthEnvironment({ NODE_ENV: "development", AUTH_ORIGINS: `http://localhost:3000,${SITE}` });

  test("cookies follow the canonical origin: not Secure, so `npm run dev` keeps working", () => {
    expect(getAuthConfig()).toMatchObject({ ok: true, config: { secureCookies: false, sessionCookieName: "next-auth.session-token" } });
  });
});
