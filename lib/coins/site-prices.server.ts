// What the root layout (every page's header and footer) and the home page's top bar show of the
// prices: the PLS coin and the price-source label. Both are derived from every coin (the label from
// every coin's price time), so each is computed once per snapshot (snapshotView), not per render.
import "server-only";
import type { Coin } from "./schemas";
import { describePriceSource } from "./price-source";
import { getCoinSnapshot, snapshotView, type CoinSnapshot } from "./snapshot.server";

export type SitePrices = {
  /** The coin with symbol PLS (the best-ranked if several): the header's price, every PLS conversion. */
  pls: Coin | null;
  /** Its price in USD: the one rate every figure in PLS is converted at (layout and pages alike). */
  plsUsd: number | null;
  /** "Prices updated ..." or "Prices: snapshot of ...", null with no coin. */
  priceSourceLabel: string | null;
};

/** Per snapshot: the PLS coin from the symbol lookup, the label from one walk of the coins. */
export const sitePricesOf = snapshotView(
  (snapshot: CoinSnapshot): SitePrices => {
    const pls = snapshot.bySymbol.get("pls")?.[0] ?? null;
    return { pls, plsUsd: pls?.currentPrice ?? null, priceSourceLabel: describePriceSource(snapshot.coins)?.label ?? null };
  },
);

export async function getSitePrices(): Promise<SitePrices> {
  return sitePricesOf(await getCoinSnapshot());
}
