"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { readPreference, writePreference } from "@/components/shell/preference-cookie";

// Its markup loads only for a visitor who has not answered (most page loads have): a fixed bar, so
// arriving a moment after hydration moves nothing.
const CookieNotice = lazy(() => import("./cookie-notice").then((m) => ({ default: m.CookieNotice })));

export const COOKIE_CONSENT_KEY = "cookie-consent";

// Kept in a cookie, not local storage: on a page's load the browser then opens one store only
// (components/shell/preference-cookie.ts). Cookies blocked: asked again on each page, never a crash.
const hasStoredConsent = (): boolean => readPreference(COOKIE_CONSENT_KEY) === "true";

/** How long the notice may wait for an idle moment on a busy page. */
const IDLE_WAIT_MS = 1_000;

/**
 * Shown only when no consent is stored. 'I understand' stores consent and hides the banner;
 * the close button hides it for this visit only (component state, nothing stored), so it
 * stays hidden across in-app navigation and returns on the next page load.
 */
export function CookieBanner() {
  // Hidden on the server and in the hydration render (the server cannot read the cookie). The
  // cookie is read, and the notice rendered, once the browser is idle after hydration: read during
  // it (useSyncExternalStore), the banner's render and its chunk's request were part of the
  // hydration's long task on every first visit (issue 53; docs/testing.md, thirteenth session).
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const decide = () => setShown(!hasStoredConsent());
    // At the browser's next idle moment (Safari has no idle callback: the next task). Not cancelled:
    // the layout's banner is never unmounted, and deciding again decides the same. (Every byte here
    // is in every page's first load, which is at the bare page + 10 KB.)
    if (window.requestIdleCallback) window.requestIdleCallback(decide, { timeout: IDLE_WAIT_MS });
    else setTimeout(decide);
  }, []);
  if (!shown) return null;

  function accept() {
    writePreference(COOKIE_CONSENT_KEY, "true"); // cookies blocked: hiding it for this visit is all we can do
    setShown(false);
  }

  return (
    <Suspense fallback={null}>
      <CookieNotice onAccept={accept} onClose={() => setShown(false)} />
    </Suspense>
  );
}
