// A visitor's own choices that pages read as they load (the cookie consent, whether a wallet was
// connected here; the PLS unit in its pre-paint script, components/unit/unit-script.tsx) are kept
// in first-party cookies rather than local storage (issue 53). A page then opens one of the two
// browser stores, not both: the "signed in" hint is a cookie already, and a browser's first read
// of a store is a blocking call out of the page's renderer. Measured in Chromium on a fresh
// profile (docs/testing.md, the twelfth session): the two pre-paint scripts took 18.1 ms (median,
// 1x CPU, 30 loads) reading storage and then the cookie, 4.3 ms reading the cookie alone. Nothing
// here is personal data: the server never reads these cookies and no cached page depends on them.

/** How long a choice is kept: a year (Chromium caps any cookie at 400 days). */
export const PREFERENCE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The Set-Cookie attributes of every preference: the whole site, first party, https only where the page is. */
export function preferenceAttributes(maxAgeS: number, secure: boolean): string {
  return `; path=/; max-age=${maxAgeS}; samesite=lax${secure ? "; secure" : ""}`;
}

/** The cookie's value, or null when it is not set (or cookies are blocked). */
export function readPreference(name: string): string | null {
  try {
    for (const part of document.cookie.split(";")) {
      const equals = part.indexOf("=");
      if (equals > 0 && part.slice(0, equals).trim() === name) return decodeURIComponent(part.slice(equals + 1).trim());
    }
  } catch {
    // cookies blocked: as if nothing was chosen
  }
  return null;
}

/** Keeps `value` for a year; null forgets it. A blocked cookie is silently not kept (the choice lasts the page). */
export function writePreference(name: string, value: string | null): void {
  try {
    const attributes = preferenceAttributes(value === null ? 0 : PREFERENCE_MAX_AGE_S, window.location.protocol === "https:");
    document.cookie = `${name}=${value === null ? "" : encodeURIComponent(value)}${attributes}`;
  } catch {
    // cookies blocked
  }
}
