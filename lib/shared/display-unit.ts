// Which unit the site shows prices, market caps and values in (issue 43, part 3): US dollars, or
// PLS, the unit this community thinks in. Pure. The choice is the visitor's own, kept in a cookie
// like the cookie consent (components/shell/preference-cookie.ts), and applied in the browser:
// the cached HTML is the same for everyone and carries both texts of every figure
// (components/shell/money.tsx); an attribute on <html> picks which one shows, so switching moves
// nothing on the page.

export type DisplayUnit = "usd" | "pls";

/** The cookie holding the unit: "pls", or anything else for dollars, the default (components/unit/unit-script.tsx). */
export const UNIT_COOKIE = "display-unit";
/** `<html data-unit="pls">`: the stylesheet shows each figure's PLS text instead of its dollar text. */
export const UNIT_ATTRIBUTE = "data-unit";

/**
 * A dollar figure's text, for the same amount in PLS already converted: "$1.23B" becomes
 * "1.23B PLS", "<$0.00000001" becomes "<0.00000001 PLS". Texts without a dollar sign (the
 * missing-value dash) are left as they are.
 */
export function dollarTextInPls(text: string): string {
  return text.includes("$") ? `${text.replace("$", "")} PLS` : text;
}

/** `usd` in PLS at `plsUsd` dollars a PLS; null when either is unusable. */
export function usdToPls(usd: number | null | undefined, plsUsd: number | null | undefined): number | null {
  if (typeof usd !== "number" || !Number.isFinite(usd) || usd < 0) return null;
  if (typeof plsUsd !== "number" || !Number.isFinite(plsUsd) || plsUsd <= 0) return null;
  const pls = usd / plsUsd;
  return Number.isFinite(pls) ? pls : null;
}
