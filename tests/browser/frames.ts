// What the header's wallet slot shows in each painted frame, for the tests that a visit never
// flashes a skeleton (anonymous) or 'Connect Wallet' (signed in).
import type { Page } from "playwright-core";

/**
 * Records, at every animation frame (just before the browser paints it), what the header's wallet
 * slot shows: a readable 'Connect Wallet', a skeleton (the placeholder, or the button drawn as
 * one), or something else; and counts the frames in which 'Login Required' was visible. Installed
 * before any of the page's scripts.
 */
export const FRAME_RECORDER = `
  window.__walletFrames = [];
  window.__loginRequiredFrames = 0;
  (function sample() {
    var slot = document.querySelector("[data-wallet-slot]");
    if (slot) {
      var text = "", skeleton = false;
      var button = slot.querySelector("button");
      if (button && button.checkVisibility({ visibilityProperty: true })) {
        var color = getComputedStyle(button).color;
        if (/rgba\\(.*,\\s*0\\)$/.test(color) || color === "transparent") skeleton = true;
        else text = button.textContent.trim();
      }
      if (slot.querySelector('[aria-label="Loading wallet"]')) skeleton = true;
      window.__walletFrames.push(skeleton ? "skeleton" : text || "other");
    }
    var login = document.querySelector("[data-signed-out-only]");
    if (login && login.checkVisibility({ visibilityProperty: true })) window.__loginRequiredFrames++;
    requestAnimationFrame(sample);
  })();
`;

export async function walletFrames(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __walletFrames: string[] }).__walletFrames);
}

export async function loginRequiredFrames(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __loginRequiredFrames: number }).__loginRequiredFrames);
}
