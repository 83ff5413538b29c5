// The "signed in" hint cookie in the browser (lib/auth/signed-in-hint.ts): whether this browser
// asks who is signed in at all. On every page's first load (the header's wallet button reads it),
// so apart from the question itself (./sign-in-calls.browser.ts), which brings the API client:
// issue 53, every page's first script carried that client for nothing. Clearing a stale hint is
// that question's too (./sign-in-calls.browser.ts), with the Set-Cookie text it writes.
import { hasSignedInHint } from "../auth/signed-in-hint";

const hintListeners = new Set<() => void>();

/** For useSyncExternalStore: called whenever the hint may have changed. */
export function subscribeToSignedInHint(listener: () => void): () => void {
  hintListeners.add(listener);
  return () => hintListeners.delete(listener);
}

/** Whether this browser holds the "signed in" hint (never on the server: pages are the same for everyone). */
export function readSignedInHint(): boolean {
  return typeof document !== "undefined" && hasSignedInHint(document.cookie);
}

/** Tells the page to read the hint again (after a response that may have set or cleared it). */
export function signedInHintChanged(): void {
  for (const listener of hintListeners) listener();
}
