// The security headers in Chromium (docs/security.md): every page, the whole wallet sign-in and
// the wallet kit's other ways to connect run under the Content-Security-Policy without a single
// violation, and every kind of response carries the headers. Every context made by newContext()
// records violations and fails its close() on one (harness.ts), so the other specs check the
// same in their own flows; this one asserts it at each step, with what was refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { privateKeyToAccount } from "viem/accounts";
import { securityHeaders } from "@/lib/security/headers.mjs";
import { chooseCoin } from "@/tests/browser/coin-steps";
import { BUILD_SECURITY_ENV, cspViolations, newContext, OPERATOR_KEY } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";
import { close, connectAndSignIn, walletMenuButton, walletPage } from "@/tests/browser/wallet-steps";

// Its own account: the other specs share this app's database and expect their users' lists empty.
const dave = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
const operator = privateKeyToAccount(OPERATOR_KEY);
const consented = `document.cookie = "cookie-consent=true; path=/";`;

/** The headers as the harness's build made them: `next build` ran with this environment. */
const EXPECTED = Object.fromEntries(
  securityHeaders(BUILD_SECURITY_ENV).map(({ key, value }) => [key.toLowerCase(), value]),
);

const PAGES = [
  { path: "/", heading: "Compare Market Caps", status: 200 },
  { path: "/playground", heading: "PLAYGROUND", status: 200 },
  { path: "/get-listed", heading: "GET LISTED", status: 200 },
  { path: "/watchlist", heading: "My Watchlist", status: 200 },
  { path: "/saved", heading: "Saved Comparisons", status: 200 },
  { path: "/admin", heading: "Listings admin", status: 200 },
  { path: "/compare/hex/btc", heading: "HEX at BTC's market cap", status: 200 },
  { path: "/no/such/page", heading: "404 Page Not Found", status: 404 },
];

/** A page's document response, or an answer of the context's request client. */
type WithHeaders = { headers(): Record<string, string> };

function assertSecurityHeaders(response: WithHeaders | null, what: string) {
  assert.ok(response, `${what}: no response`);
  const headers = response.headers();
  assert.ok(headers["content-security-policy"], `${what}: no Content-Security-Policy`);
  for (const [key, value] of Object.entries(EXPECTED)) assert.equal(headers[key], value, `${what}: ${key}`);
}

function assertNoViolations(context: BrowserContext, step: string) {
  assert.deepEqual(cspViolations(context), [], `Content-Security-Policy violations by ${step}`);
}

/** Lets the page finish what it loads after its first paint (lazy code, hydration, queries). */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
}

test("the policy is the one built from the build's environment, with no eval and HSTS for the https site", () => {
  const csp = EXPECTED["content-security-policy"]!;
  assert.match(csp, /^default-src 'self'; script-src 'self' 'unsafe-inline'; /);
  assert.doesNotMatch(csp, /unsafe-eval/);
  assert.match(csp, /connect-src 'self' https:\/\/rpc\.pulsechain\.com /);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(EXPECTED["strict-transport-security"], "max-age=63072000; includeSubDomains");
  assert.equal(EXPECTED["cross-origin-opener-policy"], "same-origin-allow-popups");
});

test("every page: the document carries the headers and nothing on it violates the policy", async () => {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl);
  await context.addInitScript(consented);
  const page = await context.newPage();
  for (const { path, heading, status } of PAGES) {
    const response = await page.goto(path);
    assert.equal(response?.status(), status, path);
    assertSecurityHeaders(response, path);
    await page.getByRole("heading", { name: heading }).first().waitFor();
    await settle(page);
    assertNoViolations(context, path);
  }
  // What loads on first use: the coin selectors' panel and index, the compare form's result.
  await page.goto("/");
  await chooseCoin(page, /First coin/, "HEX");
  await chooseCoin(page, /Second coin/, "PLSX");
  await page.getByRole("button", { name: "Compare Now" }).click();
  await page.waitForURL((url) => url.pathname === "/compare/hex/plsx");
  await settle(page);
  assertNoViolations(context, "comparing from the home page");
  await context.close();
});

test("API answers, the share image, files and redirects carry the headers too", async () => {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl);
  const html = await (await context.request.get("/")).text();
  const script = html.match(/\/_next\/static\/[^"]+\.js/)?.[0];
  assert.ok(script, "a script of the home page");
  for (const [path, status] of [
    ["/api/cryptocurrencies?ids=pls", 200],
    ["/api/no-such-endpoint", 404],
    ["/api/auth/user", 401],
    ["/compare/hex/btc/opengraph-image", 200],
    ["/sitemap.xml", 200],
    ["/logos/hex.svg", 200],
    [script, 200],
    ["/compare/HEX/BTC", 308],
  ] as const) {
    const response = await context.request.get(path, { maxRedirects: 0 });
    assert.equal(response.status(), status, path);
    assertSecurityHeaders(response, path);
  }
  await context.close();
});

test("the whole wallet sign-in runs under the policy: connect, sign, use the lists, reload, sign out", async () => {
  const { context, page, wallet, problems } = await walletPage({ account: dave, init: consented });
  await page.goto("/compare/hex/btc");
  await connectAndSignIn(page, wallet);
  assertNoViolations(context, "signing in");

  await page.getByRole("button", { name: "Save Comparison" }).click();
  await page.locator("[data-slot=toast]", { hasText: "Comparison saved" }).waitFor();
  await page.getByRole("button", { name: "Watch HEX" }).click();
  await page.locator("[data-slot=toast]", { hasText: "Added to watchlist" }).waitFor();
  assertNoViolations(context, "saving and watching");

  // Reloads signed in: the "signed in" hint's inline script and style, the kit reconnecting.
  for (const [path, card] of [["/watchlist", "watchlist-card"], ["/saved", "saved-card"]] as const) {
    const response = await page.goto(path);
    assertSecurityHeaders(response, path);
    await walletMenuButton(page).waitFor();
    await page.getByTestId(card).first().waitFor();
    await settle(page);
    assertNoViolations(context, `${path} signed in`);
  }

  await walletMenuButton(page).click();
  await page.getByRole("menuitem", { name: "Disconnect" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("button", { name: "Connect Wallet" }).waitFor();
  await settle(page);
  assertNoViolations(context, "signing out");
  await close(context, problems);
});

test("the operators' page, signed in as an operator, runs under the policy", async () => {
  const { context, page, wallet, problems } = await walletPage({ account: operator, init: consented });
  await page.goto("/admin");
  // 'Log in' goes through GET /api/login, which comes back with the connect dialog open.
  await page.getByRole("link", { name: "Log in" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Rabby Wallet" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sign message" }).click();
  await page.getByText("List a coin").waitFor();
  await page.getByText(/^Coins \(\d+\)$/).waitFor();
  await settle(page);
  assert.ok(wallet.calls.includes("personal_sign"));
  assertNoViolations(context, "/admin as an operator");
  await close(context, problems);
});

/**
 * The wallet kit's other connections, with the hosts the policy names for them: each WebSocket it
 * opens is answered here (closed), never by the network. A host the policy refused would never
 * get this far: the browser blocks it before any request and reports a violation.
 */
async function kitConnections(options: { phone?: boolean }) {
  const { browser, baseUrl } = suite();
  const context = await newContext(browser, baseUrl, options.phone ? { width: 390, height: 844 } : undefined);
  await context.addInitScript(consented);
  if (options.phone) {
    // RainbowKit and the MetaMask SDK tell a phone by its user agent.
    await context.addInitScript(`Object.defineProperty(navigator, "userAgent", { get: () => ${JSON.stringify(PHONE_UA)} });`);
  }
  const sockets: string[] = [];
  await context.routeWebSocket(/.*/, (socket) => {
    sockets.push(new URL(socket.url()).origin);
    void socket.close();
  });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  await page.getByRole("button", { name: "MetaMask" }).click();
  return { context, page, sockets };
}

const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

async function waitForSocket(page: Page, sockets: string[], origin: string) {
  for (let i = 0; i < 100 && !sockets.includes(origin); i++) await page.waitForTimeout(100);
  assert.ok(sockets.includes(origin), `the kit opened ${origin} (opened: ${sockets.join(", ") || "none"})`);
}

test("MetaMask without its extension on a desktop: WalletConnect's relay, allowed", async () => {
  const { context, page, sockets } = await kitConnections({});
  await waitForSocket(page, sockets, "wss://relay.walletconnect.org");
  assert.match(EXPECTED["content-security-policy"]!, /connect-src [^;]*wss:\/\/relay\.walletconnect\.org/);
  await settle(page);
  assertNoViolations(context, "MetaMask's QR code");
  await context.close();
});

test("MetaMask on a phone: the MetaMask SDK's relay, allowed", async () => {
  const { context, page, sockets } = await kitConnections({ phone: true });
  await waitForSocket(page, sockets, "wss://metamask-sdk.api.cx.metamask.io");
  assert.match(EXPECTED["content-security-policy"]!, /connect-src [^;]*wss:\/\/metamask-sdk\.api\.cx\.metamask\.io/);
  await settle(page);
  assertNoViolations(context, "MetaMask on a phone");
  await context.close();
});
