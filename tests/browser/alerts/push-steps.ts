// Pushes into a page's service worker the way a push service's message reaches it, through the
// DevTools protocol (headless Chromium cannot subscribe to a real push service offline).
import type { BrowserContext, CDPSession, Page } from "playwright-core";

/**
 * Starts watching the page's service-worker registrations: `registrationId` resolves with the one
 * whose scope is the site's root once it is registered (call before registering).
 */
export async function watchServiceWorker(context: BrowserContext, page: Page, origin: string): Promise<{ cdp: CDPSession; registrationId: Promise<string> }> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return { cdp, registrationId };
}

/** Delivers `data` (a string as received, or a value sent as JSON) to the registered worker's push handler. */
export async function deliverPush(cdp: CDPSession, origin: string, registrationId: string, data: unknown): Promise<void> {
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: typeof data === "string" ? data : JSON.stringify(data) });
}

/** A notification the page's service worker shows. */
export type Shown = { title: string; body: string; tag: string; icon: string; data: { url: string } };

/** The notifications the page's service worker shows now. */
export async function shown(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data as { url: string } }));
  });
}

/** Polls what the worker shows until `test` holds (or 20 s pass): the worker shows a push after it is handed over. */
export async function waitForShown(page: Page, test: (list: Shown[]) => boolean): Promise<Shown[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = await shown(page);
    if (test(list) || Date.now() > deadline) return list;
    await page.waitForTimeout(100);
  }
}
