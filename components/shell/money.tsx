"use client";

// A price, market cap or value in the unit the visitor picked (lib/shared/display-unit.ts). Both
// texts are rendered, so the HTML is the same for everyone (and cached), and the stylesheet shows
// one by the attribute on <html> (app/globals.css), set before the first paint for a stored choice
// (unit-script.tsx): no figure changes once painted. Without the site's PLS price (or a usable
// amount) it is the dollar text alone.
import { MoneyView, type MoneyProps } from "./money-view";
import { usePlsUsd } from "./pls-price";

/** A figure in the visitor's unit, converted at the layout's PLS price (money-view.tsx renders it). */
export function Money(props: MoneyProps) {
  return <MoneyView {...props} plsUsd={usePlsUsd()} />;
}
