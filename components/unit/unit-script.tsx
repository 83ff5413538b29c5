import { UNIT_ATTRIBUTE, UNIT_STORAGE_KEY } from "@/lib/shared/display-unit";

/**
 * The visitor's unit, all of it, in the page's first inline script (issue 53): no React
 * component hydrates for it, so every page's first-load script is the switch's code lighter and
 * hydration has one component fewer to render twice (once as the server's dollars, then again
 * with the stored unit).
 *
 * It runs while the browser parses the top of <body>, before any figure is painted: with PLS
 * stored, it marks <html> so the stylesheet shows every figure's PLS text, and the switch's PLS
 * as chosen, from the first frame (app/globals.css). The HTML stays the same for everyone (only
 * this script reads storage), and no figure changes after it is painted, so nothing moves. The
 * header's switch (unit-switch.tsx) is native radios: once the page is parsed the stored unit's
 * radio is checked, and a change (a click, an arrow key) is stored and set on <html>; another
 * tab's choice (the storage event) shows here too.
 *
 * Serialised into the page with `toString()`, so it may use nothing from outside but its
 * arguments and the browser's globals.
 */
export function unitPreference(storageKey: string, attribute: string): void {
  const stored = (): string => {
    try {
      return localStorage.getItem(storageKey) === "pls" ? "pls" : "usd";
    } catch {
      return "usd"; // storage blocked: dollars, never a crash
    }
  };
  const checkRadios = (unit: string) => {
    for (const radio of document.querySelectorAll<HTMLInputElement>(`input[name="${storageKey}"]`)) radio.checked = radio.value === unit;
  };
  const show = (unit: string) => {
    document.documentElement.setAttribute(attribute, unit);
    checkRadios(unit);
  };

  document.addEventListener("change", (event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || radio.name !== storageKey) return;
    try {
      localStorage.setItem(storageKey, radio.value);
    } catch {
      // storage blocked: the choice shows until the page is left
    }
    show(radio.value);
  });
  window.addEventListener("storage", (event) => {
    if (event.key === storageKey || event.key === null) show(stored());
  });

  if (stored() === "pls") document.documentElement.setAttribute(attribute, "pls");
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => checkRadios(stored()));
  else checkRadios(stored());
}

const SCRIPT = `(${unitPreference.toString()})(${JSON.stringify(UNIT_STORAGE_KEY)},${JSON.stringify(UNIT_ATTRIBUTE)})`;

/** Render first in <body>, in the server HTML. */
export function UnitScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
