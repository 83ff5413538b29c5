"use client";

import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { readPreference, writePreference } from "@/components/shell/preference-cookie";

// Its markup loads only for a visitor who has not answered (most page loads have): a fixed bar, so
// arriving a moment after hydration moves nothing.
const CookieNotice = lazy(() => import("./cookie-notice").then((m) => ({ default: m.CookieNotice })));

export const COOKIE_CONSENT_KEY = "cookie-consent";

// Kept in a cookie, not local storage: on a page's load the browser then opens one store only
// (components/shell/preference-cookie.ts). Cookies blocked: asked again on each page, never a crash.
const hasStoredConsent = (): boolean => readPreference(COOKIE_CONSENT_KEY) === "true";

/** Nothing to subscribe to: the cookie is read at each render, and another tab's answer counts from the next page load. */
const subscribeToNothing = () => () => {};

/**
 * Shown only when no consent is stored. 'I understand' stores consent and hides the banner;
 * the close button hides it for this visit only (component state, nothing stored), so it
 * stays hidden across in-app navigation and returns on the next page load.
 */
export function CookieBanner() {
  // Hidden on the server and so in the hydration render (the server cannot read storage); React
  // then renders again with what the browser holds.
  const consented = useSyncExternalStore(subscribeToNothing, hasStoredConsent, () => true);
  const [closed, setClosed] = useState(false);
  if (consented || closed) return null;

  function accept() {
    writePreference(COOKIE_CONSENT_KEY, "true"); // cookies blocked: hiding it for this visit is all we can do
    setClosed(true);
  }

  return (
    <Suspense fallback={null}>
      <CookieNotice onAccept={accept} onClose={() => setClosed(true)} />
    </Suspense>
  );
}
