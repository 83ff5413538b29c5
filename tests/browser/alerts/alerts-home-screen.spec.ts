// Browser alerts on an iPhone or iPad (issue 54). iOS gives Web Push only to a site opened from the
// Home Screen, so /alerts in the browser there explains the two steps (Share, Add to Home Screen)
// instead of the offer; opened from the Home Screen (navigator.standalone, or the display-mode:
// standalone media query) it offers "Turn on browser alerts" as any other browser does, through the
// same code (alerts.spec.ts follows that offer to a delivered notification). Chromium plays the
// device: a signed-in session, then Safari's User-Agent and a touch screen through DevTools.
// Screenshots at 360 and 1440 px.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { CDPSession, Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import webPush from "web-push";
import { newContext, screenshotPath, startApp, watchForErrors } from "@/tests/browser/harness";
import { injectWallet } from "@/tests/browser/injected-wallet";
import { suite } from "@/tests/browser/suite";
import { close, connectAndSignIn, PUBLIC_RPC } from "@/tests/browser/wallet-steps";

const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
// iPadOS asks for desktop sites by default, as a Mac's Safari: only the touch screen tells it apart.
const IPAD_SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15";

/**
 * What iOS tells a page about how it was opened, played from sessionStorage (kept across reloads
 * of the tab): navigator.standalone (false in the browser, true from the Home Screen) and the
 * display-mode media query, which DevTools cannot emulate. Every other query goes to the real
 * matchMedia. A string, not a function: tsx would compile helpers the page does not have.
 */
const HOME_SCREEN_SIGNALS = `(() => {
  const opened = () => sessionStorage.getItem("__test-opened-from") ?? "";
  Object.defineProperty(Navigator.prototype, "standalone", { configurable: true, get: () => opened() === "navigator.standalone" });
  const matchMedia = window.matchMedia.bind(window);
  window.matchMedia = (query) => {
    const list = matchMedia(query);
    if (query !== "(display-mode: standalone)" || opened() !== "display-mode") return list;
    // The real list's matches is a getter of MediaQueryList's own: a plain object stands in.
    const noop = () => {};
    return { matches: true, media: query, onchange: null, addEventListener: noop, removeEventListener: noop, addListener: noop, removeListener: noop, dispatchEvent: () => false };
  };
})();`;

const consented = `document.cookie = "cookie-consent=true; path=/";`;

async function playDevice(cdp: CDPSession, userAgent: string, platform: string) {
  await cdp.send("Emulation.setUserAgentOverride", { userAgent, platform });
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
}

async function openFrom(page: Page, where: "browser" | "navigator.standalone" | "display-mode") {
  await page.evaluate((value) => sessionStorage.setItem("__test-opened-from", value), where);
  await page.reload();
}

async function screenshotAt(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${name} is ${overflow}px too wide at ${width}px`);
  await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: width === 360 });
}

test("iPhone and iPad: in the browser /alerts explains Share, Add to Home Screen; opened from the Home Screen it offers browser alerts", async () => {
  const { browser, databaseUrl } = suite();
  // A server of its own with VAPID keys (the shared one has none, and shows no offer anywhere).
  // Nothing here subscribes or sends: the offer is only shown.
  const vapid = webPush.generateVAPIDKeys();
  const app = await startApp({ databaseUrl, build: false, env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:alerts@pulsecompare.test" } });
  try {
    const context = await newContext(browser, app.baseUrl);
    const wallet = await injectWallet(context, privateKeyToAccount(generatePrivateKey()), 369);
    await context.addInitScript(consented);
    await context.addInitScript(HOME_SCREEN_SIGNALS);
    const page = await context.newPage();
    const problems = watchForErrors(page, app.baseUrl, { unreachable: [PUBLIC_RPC] });
    await page.goto("/");
    await connectAndSignIn(page, wallet);

    const state = page.getByTestId("browser-push-state");
    const offer = page.getByRole("button", { name: "Turn on browser alerts" });
    const steps = page.getByTestId("add-to-home-screen");

    // On the desktop: the offer, as before.
    await page.goto("/alerts");
    await state.getByText("Browser alerts are off in this browser").waitFor();
    assert.equal(await steps.count(), 0);

    // Safari on an iPhone, in the browser: the two steps, and no offer.
    const cdp = await context.newCDPSession(page);
    await playDevice(cdp, IPHONE_SAFARI, "iPhone");
    await page.setViewportSize({ width: 360, height: 800 });
    await openFrom(page, "browser");
    await state.getByText("On iPhone and iPad, alerts come through the Home Screen").waitFor();
    assert.equal(await page.evaluate(() => (navigator as Navigator & { standalone?: boolean }).standalone), false);
    const items = await steps.getByRole("listitem").allInnerTexts();
    assert.equal(items.length, 2);
    assert.match(items[0]!, /^Tap Share\s+in the browser's toolbar/);
    assert.match(items[1]!, /^Tap Add to Home Screen\s+\(scroll .*then Add\.$/);
    assert.match(await steps.innerText(), /Then open PulseCompare from your Home Screen, log in there .*turn on browser alerts\./);
    assert.equal(await offer.count(), 0);
    await screenshotAt(page, "alerts-ios", 360);

    // An iPad asking for desktop sites (a Mac's User-Agent with a touch screen): the same steps.
    await playDevice(cdp, IPAD_SAFARI, "MacIntel");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await steps.waitFor();
    assert.equal(await offer.count(), 0);
    await screenshotAt(page, "alerts-ios", 1440);

    // Opened from the Home Screen, as iOS says it with navigator.standalone: the offer, as today.
    await openFrom(page, "navigator.standalone");
    await state.getByText("Browser alerts are off in this browser").waitFor();
    await offer.waitFor();
    assert.equal(await steps.count(), 0);
    await screenshotAt(page, "alerts-ios-home-screen", 1440);

    // The iPhone's app, as the display-mode media query says it.
    await playDevice(cdp, IPHONE_SAFARI, "iPhone");
    await page.setViewportSize({ width: 360, height: 800 });
    await openFrom(page, "display-mode");
    await offer.waitFor();
    assert.equal(await steps.count(), 0);
    await screenshotAt(page, "alerts-ios-home-screen", 360);
    await close(context, problems);
  } finally {
    await app.stop();
  }
});
