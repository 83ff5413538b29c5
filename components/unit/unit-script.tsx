import { UNIT_ATTRIBUTE, UNIT_STORAGE_KEY } from "@/lib/shared/display-unit";

// Runs while the browser parses the top of <body>, before any figure is painted: with PLS stored,
// it marks <html> so the stylesheet shows every figure's PLS text from the first frame (app/globals.css).
// The HTML stays the same for everyone (only this script reads storage), and no figure changes
// after it is painted, so nothing moves. The header's switch (unit-switch.tsx) changes it later.
const SCRIPT = `(function(){try{if(localStorage.getItem(${JSON.stringify(UNIT_STORAGE_KEY)})==="pls")document.documentElement.setAttribute(${JSON.stringify(UNIT_ATTRIBUTE)},"pls")}catch(e){}})()`;

/** Render first in <body>, in the server HTML. */
export function UnitScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
