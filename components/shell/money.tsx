"use client";

// A price, market cap or value in the unit the visitor picked (lib/shared/display-unit.ts). Both
// texts are rendered, so the HTML is the same for everyone (and cached), and the stylesheet shows
// one by the attribute on <html> (app/globals.css), set before the first paint for a stored choice
// (unit-script.tsx): no figure changes once painted. Without the site's PLS price (or a usable
// amount) it is the dollar text alone.
import { createContext, useContext, type ReactNode } from "react";
import { dollarTextInPls, usdToPls } from "@/lib/shared/display-unit";
import { formatFeaturedPrice, formatMarketCap, formatPrice } from "@/lib/shared/format";

const PlsUsdContext = createContext<number | null>(null);

/** The site's PLS price in dollars, from the layout: what every figure below it converts with. */
export function PlsPriceProvider({ plsUsd, children }: { plsUsd: number | null; children: ReactNode }) {
  return <PlsUsdContext.Provider value={plsUsd}>{children}</PlsUsdContext.Provider>;
}

export function usePlsUsd(): number | null {
  return useContext(PlsUsdContext);
}

/** The dollar formats a figure may take: a price, a market cap or amount ("$1.23B"), a featured card's price. */
const FORMATS = { price: formatPrice, cap: formatMarketCap, featured: formatFeaturedPrice } as const;
export type MoneyFormat = keyof typeof FORMATS;

export function Money({ usd, format = "price" }: { usd: number | null | undefined; format?: MoneyFormat }) {
  const plsUsd = usePlsUsd();
  const formatted = FORMATS[format];
  const usdText = formatted(usd);
  const pls = usdToPls(usd, plsUsd);
  if (pls === null) return usdText;
  return (
    <span className="money">
      <span className="money-usd">{usdText}</span>
      <span className="money-pls">{dollarTextInPls(formatted(pls))}</span>
    </span>
  );
}
