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
