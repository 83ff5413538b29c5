"use client";

// The site's PLS price in dollars, from the layout, for client code that converts figures (Money).
// A file of its own, apart from Money: the layout renders the provider on every page, so whatever
// shares its module is in every page's first script (issue 53: Money brought the formatting code).
import { createContext, useContext, type ReactNode } from "react";

const PlsUsdContext = createContext<number | null>(null);

/** The site's PLS price in dollars, from the layout: what every figure below it converts with. */
export function PlsPriceProvider({ plsUsd, children }: { plsUsd: number | null; children: ReactNode }) {
  return <PlsUsdContext.Provider value={plsUsd}>{children}</PlsUsdContext.Provider>;
}

export function usePlsUsd(): number | null {
  return useContext(PlsUsdContext);
}
