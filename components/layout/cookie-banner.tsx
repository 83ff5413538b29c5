"use client";

import { useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { LineIcon } from "@/components/ui/line-icon";

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
    <div
      role="region"
      aria-label="Cookie notice"
      className="fixed inset-x-0 bottom-0 z-50 border-t bg-card/95 backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 text-sm">
        <p className="flex-1">This website uses cookies to enhance the user experience.</p>
        <Button size="sm" onClick={accept}>
          I understand
        </Button>
        <Button size="icon" variant="ghost" onClick={() => setClosed(true)} aria-label="Close cookie notice">
          <LineIcon name="x" />
        </Button>
      </div>
    </div>
  );
}
