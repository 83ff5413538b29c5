// What a coin's page (/coins/{id}) shows, read from the cached coin snapshot: one lookup, so a
// page costs the same at any number of coins, and no database read per request.
import "server-only";
import { cache } from "react";
import { resolveSegment } from "./coin-lookup";
import type { Coin } from "./schemas";
import { coinPath } from "./coin-path";
import { priceAccountOf, type PriceAccount } from "./queries.server";
import { getCoinSnapshot } from "./snapshot.server";
import { topCoinsBesides } from "./top-coins";

/** How many top coins the page offers to compare the coin with. */
export const COMPARE_WITH_TOP = 8;

export type CoinPageData =
  | { kind: "coin"; coin: Coin; account: PriceAccount; compareWith: Coin[] }
  | { kind: "redirect"; path: string }
  | { kind: "not-found" };

/** Once per render: the page and its metadata both ask (React's `cache` dedupes within a request). */
export const getCoinPage = cache(async (segment: string): Promise<CoinPageData> => {
  const snapshot = await getCoinSnapshot();
  const resolved = resolveSegment(snapshot, segment);
  if (!resolved) return { kind: "not-found" };
  if (!resolved.canonical) return { kind: "redirect", path: coinPath(resolved.coin.id) };
  return {
    kind: "coin",
    coin: resolved.coin,
    account: priceAccountOf(snapshot, resolved.coin.id),
    compareWith: topCoinsBesides(snapshot.coins, [resolved.coin.id], COMPARE_WITH_TOP),
  };
});
