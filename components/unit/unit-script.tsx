import { preferenceAttributes, PREFERENCE_MAX_AGE_S } from "@/components/shell/preference-cookie";
import { UNIT_ATTRIBUTE, UNIT_COOKIE } from "@/lib/shared/display-unit";

/**
 * The visitor's unit, all of it, in the page's first inline script (issue 53): no React
 * component hydrates for it, so every page's first-load script is the switch's code lighter and
 * hydration has one component fewer to render twice (once as the server's dollars, then again
 * with the stored unit).
 *
 * It runs while the browser parses the top of <body>, before any figure is painted: with PLS
 * chosen (a cookie, like the signed-in hint the next script reads, so the page opens one browser
 * store: components/shell/preference-cookie.ts), it marks <html> so the stylesheet shows every
 * figure's PLS text, and the switch's PLS as chosen, from the first frame (app/globals.css). The
 * HTML stays the same for everyone (only this script reads the unit), and no figure changes after
 * it is painted, so nothing moves. The header's switch (unit-switch.tsx) is native radios: once
 * the page is parsed the kept unit's radio is checked, and a change (a click, an arrow key) is kept
 * and set on <html>; another tab's choice shows here when this tab is looked at again (cookies fire
 * no storage event).
 *
 * Serialised into the page with `toString()`, so it may use nothing from outside but its
 * arguments and the browser's globals.
 */
export function unitPreference(cookieName: string, attribute: string, cookieAttributes: string): void {
  const stored = (): string => {
    try {
      return document.cookie.split(";").some((part) => part.trim() === `${cookieName}=pls`) ? "pls" : "usd";
    } catch {
      return "usd"; // cookies blocked: dollars, never a crash
    }
  };
  const checkRadios = (unit: string) => {
    for (const radio of document.querySelectorAll<HTMLInputElement>(`input[name="${cookieName}"]`)) radio.checked = radio.value === unit;
  };
  const show = (unit: string) => {
    document.documentElement.setAttribute(attribute, unit);
    checkRadios(unit);
  };

  document.addEventListener("change", (event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || radio.name !== cookieName) return;
    try {
      document.cookie = `${cookieName}=${radio.value === "pls" ? "pls" : "usd"}${cookieAttributes}${location.protocol === "https:" ? "; secure" : ""}`;
    } catch {
      // cookies blocked: the choice shows until the page is left
    }
    show(radio.value);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") show(stored());
  });

  if (stored() === "pls") document.documentElement.setAttribute(attribute, "pls");
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => checkRadios(stored()));
  else checkRadios(stored());
}

// Secure is added in the browser, on https: the same script serves http://localhost in development.
const SCRIPT = `(${unitPreference.toString()})(${[UNIT_COOKIE, UNIT_ATTRIBUTE, preferenceAttributes(PREFERENCE_MAX_AGE_S, false)].map((arg) => JSON.stringify(arg)).join(",")})`;

/** Render first in <body>, in the server HTML. */
export function UnitScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
