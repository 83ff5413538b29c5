"use client";

import { useSyncExternalStore } from "react";
import { readSignedInHint, subscribeToSignedInHint } from "@/lib/api/signed-in-hint.browser";

/**
 * Whether the browser holds the "signed in" hint cookie. The server render (and so the hydration
 * render) always says no: pages are cached and identical for everyone; React then re-renders
 * with the browser's answer.
 */
export function useSignedInHint(): boolean {
  return useSyncExternalStore(subscribeToSignedInHint, readSignedInHint, () => false);
}
