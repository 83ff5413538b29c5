// Alerts in Chromium (issue 39 item 5), signed in with the scripted wallet: 'Alert me' on a pair
// page and on a coin page makes a rule, /alerts lists it (screenshots at 1440 and 360 px, no
// sideways scroll), the wallet menu leads there, and the rule is paused and deleted from the
// keyboard alone. Then browser alerts end to end: "Turn on browser alerts" registers the real
// service worker and hands the subscription to the server, "Send a test notification" reaches the
// tests' local push service (which checks the VAPID signature and decrypts the message), and that
// message, delivered to the worker, is shown as a notification.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import webPush from "web-push";
import { createPrismaClient } from "@/lib/db/create-client";
import { admitPushServices, startPushService, type TestSubscription } from "@/tests/helpers/push-service";
import { newContext, screenshotPath, startApp, watchForErrors } from "@/tests/browser/harness";
import { deliverPush, waitForShown, watchServiceWorker } from "./push-steps";
import { injectWallet } from "@/tests/browser/injected-wallet";
import { tabTo } from "@/tests/browser/keyboard";
import { suite } from "@/tests/browser/suite";
import { close, connectAndSignIn, PUBLIC_RPC, walletMenuButton, walletPage } from "@/tests/browser/wallet-steps";

const consented = `document.cookie = "cookie-consent=true; path=/";`;

const toast = (page: Page, title: string, description: string | RegExp) =>
  page.locator("[data-slot=toast]", { hasText: title }).filter({ hasText: description }).waitFor();

async function fitsAt360(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${name} is ${overflow}px too wide at 360px`);
  await page.screenshot({ path: screenshotPath(`${name}-360`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("'Alert me' on a pair page makes a rule; /alerts lists it; pause and delete from the keyboard", async () => {
  // A wallet of its own: the other specs share this app's database.
  const account = privateKeyToAccount(generatePrivateKey());
  const { context, page, wallet, problems } = await walletPage({ account, init: consented });
  await page.goto("/");
  await connectAndSignIn(page, wallet);

  // Signed in, /alerts from the wallet menu: no rules yet, and where to make one.
  await walletMenuButton(page).click();
  await page.getByRole("menuitem", { name: "Alerts" }).click();
  await page.waitForURL("**/alerts");
  await page.getByText("You have no alerts yet.").waitFor();

  // The pair page: half of PLSX's market cap.
  await page.goto("/compare/hex/plsx");
  const alertMe = page.getByRole("button", { name: "Alert me when HEX reaches PLSX's market cap" });
  await alertMe.click();
  const dialog = page.getByRole("dialog", { name: "Alert me when HEX reaches PLSX's market cap" });
  await dialog.getByRole("combobox", { name: "How much of it" }).selectOption({ label: "Half (0.5×)" });
  const created = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/alerts" && response.request().method() === "POST");
  await dialog.getByRole("button", { name: "Create alert" }).click();
  assert.equal((await created).status(), 201);
  const rule = (await (await created).json()) as { id: number; description: string; kind: string; level: number };
  assert.equal(rule.kind, "reach");
  assert.equal(rule.level, 0.5);
  await toast(page, "Alert created", rule.description);
  await page.locator("[data-slot=toast]").getByRole("link", { name: "See your alerts" }).click();
  await page.waitForURL("**/alerts");

  // Listed, armed, with its description in the server's words.
  const row = page.getByTestId("alert-rule").filter({ hasText: rule.description });
  await row.waitFor();
  assert.match(await row.innerText(), /Armed\s+Alerts you on the next crossing/);
  await page.getByText(/^Nothing has fired yet\./).waitFor();
  await page.locator("[data-slot=toast]").getByRole("button", { name: "Close" }).click();
  await page.locator("[data-slot=toast]").waitFor({ state: "detached" });
  await page.screenshot({ path: screenshotPath("alerts-1440"), fullPage: true });
  await fitsAt360(page, "alerts");

  // Keyboard only: Tab to Pause, Enter; the rule says Paused and offers Resume.
  await page.locator("body").focus();
  await tabTo(page, `Pause alert: ${rule.description}`);
  await page.keyboard.press("Enter");
  await toast(page, "Alert paused", rule.description);
  await row.getByRole("button", { name: `Resume alert: ${rule.description}` }).waitFor();
  assert.match(await row.innerText(), /Paused\s+Sends nothing until you resume it/);

  // Tab to Delete, Enter: the dialog asks; Tab to 'Delete alert', Enter.
  await page.locator("body").focus();
  await tabTo(page, `Delete alert: ${rule.description}`);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Delete this alert?" });
  await confirm.waitFor();
  await tabTo(page, "Delete alert", 5);
  const deleted = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/alerts/${rule.id}` && response.request().method() === "DELETE");
  await page.keyboard.press("Enter");
  assert.equal((await deleted).status(), 204);
  await toast(page, "Alert deleted", rule.description);
  await page.getByText("You have no alerts yet.").waitFor();

  // The coin page, on a phone: HEX's market cap falling below a typed "100b".
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/coins/hex");
  await page.getByRole("button", { name: "Alert me about HEX" }).click();
  const coinDialog = page.getByRole("dialog", { name: "Alert me about HEX" });
  await coinDialog.getByRole("radio", { name: "Market cap crosses a level" }).check();
  await coinDialog.getByRole("combobox", { name: "Goes" }).selectOption("below");
  await coinDialog.getByRole("textbox", { name: "Market cap" }).fill("100b");
  await coinDialog.getByTestId("alert-preview").getByText("Alert me when HEX's market cap falls below $100.00B.").waitFor();
  await page.screenshot({ path: screenshotPath("alerts-dialog-360") });
  const coinRule = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/alerts" && response.request().method() === "POST");
  await coinDialog.getByRole("button", { name: "Create alert" }).click();
  assert.equal((await coinRule).status(), 201);
  assert.deepEqual(JSON.parse((await coinRule).request().postData() ?? "null"), { kind: "market_cap", coinId: "hex", direction: "below", level: 100_000_000_000 });
  await toast(page, "Alert created", "HEX's market cap falls below $100.00B");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/alerts");
  await page.getByTestId("alert-rule").filter({ hasText: "HEX's market cap falls below $100.00B" }).waitFor();
  await close(context, problems);
});

test("a signed-out visitor: /alerts asks to log in, the pair page says how to get alerts", async () => {
  const { context, page, problems } = await walletPage({ init: consented });
  await page.goto("/alerts");
  await page.getByRole("heading", { name: "Login Required" }).waitFor();
  assert.equal(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex, follow");
  await page.goto("/compare/hex/plsx");
  const hint = page.getByTestId("alert-sign-in-hint");
  assert.equal(await hint.innerText(), "Log in to be alerted when HEX reaches PLSX's market cap.");
  assert.equal(await hint.getByRole("link", { name: "Log in" }).getAttribute("href"), "/api/login?returnTo=%2Fcompare%2Fhex%2Fplsx");
  await close(context, problems);
});

/**
 * Headless Chromium cannot pushManager.subscribe() offline (it needs Google's push service), so the
 * page's PushManager answers with a subscription of the local push service instead, kept across
 * reloads; everything around it (permission, the worker's registration, the page's calls) is real.
 * The key the page subscribed with is kept for the test to check.
 */
function pushManagerStandIn(subscription: TestSubscription): string {
  const stored = JSON.stringify({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } });
  return `(() => {
    const KEY = "__test-push-subscription";
    const make = (data) => ({
      endpoint: data.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: data.endpoint, expirationTime: null, keys: data.keys }),
      unsubscribe: async () => { localStorage.removeItem(KEY); return true; },
    });
    PushManager.prototype.subscribe = async function (options) {
      const key = new Uint8Array(options.applicationServerKey);
      localStorage.setItem("__test-push-key", btoa(String.fromCharCode(...key)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, ""));
      localStorage.setItem(KEY, ${JSON.stringify(stored)});
      return make(JSON.parse(localStorage.getItem(KEY)));
    };
    PushManager.prototype.getSubscription = async function () {
      const data = localStorage.getItem(KEY);
      return data ? make(JSON.parse(data)) : null;
    };
  })();`;
}

test("browser alerts: turn on (real worker, stand-in subscription), a test notification through the local push service shown by the worker, turn off", async () => {
  const { browser, databaseUrl } = suite();
  const service = await startPushService();
  // The app's server sends with Node's default https agent: it must trust the service's certificate.
  const certDir = mkdtempSync(path.join(tmpdir(), "alerts-ca-"));
  const caFile = path.join(certDir, "push-ca.pem");
  writeFileSync(caFile, service.agent.options.ca as Buffer);
  const vapid = webPush.generateVAPIDKeys();
  // A server of its own over the suite's database: the shared one runs without VAPID keys.
  const app = await startApp({
    databaseUrl,
    build: false,
    env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:alerts@pulsecompare.test", NODE_EXTRA_CA_CERTS: caFile, ...admitPushServices(service) },
  });
  try {
    const origin = new URL(app.baseUrl).origin;
    const subscription = service.createSubscription(vapid.publicKey);
    const context = await newContext(browser, app.baseUrl);
    await context.grantPermissions(["notifications"], { origin });
    const wallet = await injectWallet(context, privateKeyToAccount(generatePrivateKey()), 369);
    await context.addInitScript(consented);
    await context.addInitScript(pushManagerStandIn(subscription));
    const page = await context.newPage();
    const problems = watchForErrors(page, app.baseUrl, { unreachable: [PUBLIC_RPC] });
    await page.goto("/");
    await connectAndSignIn(page, wallet);

    await page.goto("/alerts");
    const state = page.getByTestId("browser-push-state");
    await state.getByText("Browser alerts are off in this browser").waitFor();
    await page.getByText(/^No browser receives your alerts yet\./).waitFor();

    const { cdp, registrationId } = await watchServiceWorker(context, page, origin);

    const added = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/push-subscriptions" && response.request().method() === "POST");
    await page.getByRole("button", { name: "Turn on browser alerts" }).click();
    assert.equal((await added).status(), 201);
    await toast(page, "Browser alerts on", "This browser will show your alerts.");
    await state.getByText("Browser alerts are on in this browser").waitFor();
    // Subscribed with the server's VAPID key, by the worker at /alerts-sw.js over the whole site.
    assert.equal(await page.evaluate(() => localStorage.getItem("__test-push-key")), vapid.publicKey);
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.active?.scriptURL), `${origin}/alerts-sw.js`);
    const row = page.getByTestId("push-subscription");
    await row.getByText("(this browser)").waitFor();
    assert.match(await row.innerText(), /^Chrome on Linux/);
    await page.locator("[data-slot=toast]").getByRole("button", { name: "Close" }).click();
    await page.locator("[data-slot=toast]").waitFor({ state: "detached" });
    await page.screenshot({ path: screenshotPath("alerts-push-on-1440"), fullPage: true });
    await fitsAt360(page, "alerts-push-on");

    // A test notification: to the local push service, signed with the server's key, readable only
    // with this subscription's private key.
    await page.getByRole("button", { name: "Send a test notification" }).click();
    await toast(page, "Test notification sent", "Sent to 1 browser.");
    assert.equal(service.messages.length, 1);
    const [message] = service.messages;
    assert.equal(message!.subscriptionId, subscription.id);
    assert.equal(message!.vapidKey, vapid.publicKey);
    assert.deepEqual(message!.json, { title: "PulseCompare", body: "Test notification from PulseCompare", url: "/alerts", tag: "test" });

    // What the push service would hand the browser, handed to the page's worker: it shows it.
    await deliverPush(cdp, origin, await registrationId, message!.text);
    // The worker shows it once it has decrypted it: polled, as an async predicate is not waited for.
    const [shown] = (await waitForShown(page, (list) => list.some((notification) => notification.tag === "test"))).filter((notification) => notification.tag === "test");
    assert.deepEqual(shown && { title: shown.title, body: shown.body, url: shown.data.url }, { title: "PulseCompare", body: "Test notification from PulseCompare", url: "/alerts" });

    // A firing as a market pass and the outbox leave it (the evaluation is another part of issue
    // 39; its rows are written here): /alerts lists it with where it went, and its line opens the
    // page the notification opens.
    const rule = (await page.evaluate(async () => {
      const response = await fetch("/api/alerts", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "reach", coinId: "hex", otherCoinId: "plsx", multiple: 0.5 }) });
      return response.json();
    })) as { id: number };
    const subscriptionRow = (await page.evaluate(async () => (await fetch("/api/push-subscriptions")).json())) as { id: number }[];
    const db = createPrismaClient({ url: databaseUrl });
    try {
      const owner = await db.alertRule.findUniqueOrThrow({ where: { id: rule.id }, select: { userId: true } });
      const firedAt = new Date();
      await db.alertFiring.create({
        data: {
          ruleId: rule.id,
          userId: owner.userId,
          crossing: 1,
          firedAt,
          message: "HEX reached 50% of PLSX's market cap: $1.77B",
          url: "/compare/hex/plsx",
          value: 1.77e9,
          deliveries: {
            create: { channel: "webpush", target: `push:${subscriptionRow[0]!.id}`, subscriptionId: subscriptionRow[0]!.id, status: "sent", attempts: 1, nextAttemptAt: firedAt, sentAt: firedAt },
          },
        },
      });
    } finally {
      await db.$disconnect();
    }
    await page.reload();
    const firing = page.getByTestId("alert-firing");
    await firing.getByText("Sent to Chrome on Linux").waitFor();
    assert.match(await firing.locator("time").innerText(), / UTC$/);
    await page.locator("[data-slot=toast]").waitFor({ state: "detached" });
    await page.screenshot({ path: screenshotPath("alerts-fired-1440"), fullPage: true });
    await fitsAt360(page, "alerts-fired");
    await firing.getByRole("link", { name: "HEX reached 50% of PLSX's market cap: $1.77B" }).click();
    await page.waitForURL((url) => url.pathname === "/compare/hex/plsx");
    await page.goto("/alerts");

    // Turn off: the server forgets this browser, the browser unsubscribes.
    const removed = page.waitForResponse((response) => /^\/api\/push-subscriptions\/\d+$/.test(new URL(response.url()).pathname) && response.request().method() === "DELETE");
    await page.getByRole("button", { name: "Turn off" }).click();
    assert.equal((await removed).status(), 204);
    await toast(page, "Browser alerts off", "This browser will no longer show your alerts.");
    await state.getByText("Browser alerts are off in this browser").waitFor();
    await page.getByText(/^No browser receives your alerts yet\./).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("__test-push-subscription")), null);
    await close(context, problems);
  } finally {
    await app.stop();
    await service.close();
    rmSync(certDir, { recursive: true, force: true });
  }
});
