"use client";

import { lazy, Suspense, useState, useSyncExternalStore } from "react";

// Its markup loads only for a visitor who has not answered (most page loads have): a fixed bar, so
// arriving a moment after hydration moves nothing.
const CookieNotice = lazy(() => import("./cookie-notice").then((m) => ({ default: m.CookieNotice })));

export const COOKIE_CONSENT_KEY = "cookie-consent";

function hasStoredConsent(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY) === "true";
  } catch {
    return false; // storage blocked: ask again, never crash
  }
}

/** Nothing to subscribe to: storage is read at each render, and another tab's answer counts from the next page load. */
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
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, "true");
    } catch {
      // storage blocked: hiding for this visit is all we can do
    }
    setClosed(true);
  }

  return (
    <Suspense fallback={null}>
      <CookieNotice onAccept={accept} onClose={() => setClosed(true)} />
    </Suspense>
  );
}
