// The alerts' service worker (public/alerts-sw.js) in Chromium against the production build:
// registered by a page under the site's Content-Security-Policy, scope "/", it shows what a push
// carries. Headless Chromium cannot subscribe offline (pushManager.subscribe needs Google's push
// service), so the push is handed to the worker by the DevTools protocol
// (ServiceWorker.deliverPushMessage), exactly as a push service's message reaches it. A click on a
// notification cannot be made through the protocol; what the click opens is decided by the same
// `data.url` checked here (only paths on this site).
import assert from "node:assert/strict";
import { test } from "node:test";
import { newContext, watchForErrors } from "@/tests/browser/harness";
import { deliverPush, shown, waitForShown, watchServiceWorker } from "./push-steps";
import { suite } from "@/tests/browser/suite";
import { close } from "@/tests/browser/wallet-steps";

test("the alerts' service worker registers under the CSP and shows a push: title, line, page, and one notification per tag", async () => {
  const { baseUrl, browser } = suite();
  const origin = new URL(baseUrl).origin;
  const context = await newContext(browser, baseUrl);
  await context.grantPermissions(["notifications"], { origin });
  const page = await context.newPage();
  const problems = watchForErrors(page, origin);

  const script = await context.request.get("/alerts-sw.js");
  assert.equal(script.status(), 200);
  assert.match(script.headers()["content-type"] ?? "", /javascript/);

  await page.goto("/");
  const { cdp, registrationId } = await watchServiceWorker(context, page, origin);
  const scope = await page.evaluate(async () => {
    await navigator.serviceWorker.register("/alerts-sw.js", { scope: "/" });
    return (await navigator.serviceWorker.ready).scope;
  });
  assert.equal(scope, `${origin}/`);
  const id = await registrationId;

  const message = { title: "PulseCompare", body: "PLSX reached 50% of HEX's market cap: $1.44B", url: "/compare/plsx-vs-hex", tag: "firing-7" };
  await deliverPush(cdp, origin, id, message);
  const first = await waitForShown(page, (list) => list.length === 1);
  assert.deepEqual(first.map(({ title, body, tag, data }) => ({ title, body, tag, url: data.url })), [
    { title: "PulseCompare", body: message.body, tag: "firing-7", url: "/compare/plsx-vs-hex" },
  ]);
  assert.equal(first[0]!.icon, `${origin}/logo.svg`);

  // The same firing delivered twice (a worker that crashed after sending): still one notification.
  await deliverPush(cdp, origin, id, message);
  await page.waitForTimeout(500);
  assert.equal((await shown(page)).filter((n) => n.tag === "firing-7").length, 1);

  // A url that leaves the site is never opened: the notification opens the home page instead.
  const opened: Record<string, string | undefined> = {};
  for (const [tag, url] of [["evil-1", "https://evil.example/x"], ["evil-2", "//evil.example/x"], ["evil-3", "/\\evil.example/x"], ["evil-4", "javascript:alert(1)"]] as const) {
    // One at a time: each shown before the next is pushed.
    await deliverPush(cdp, origin, id, { ...message, tag, url });
    opened[tag] = (await waitForShown(page, (list) => list.some((n) => n.tag === tag))).find((n) => n.tag === tag)?.data.url;
  }
  assert.deepEqual(opened, { "evil-1": "/", "evil-2": "/", "evil-3": "/", "evil-4": "/" });

  await page.evaluate(async () => (await navigator.serviceWorker.ready).unregister());
  await close(context, problems);
});
