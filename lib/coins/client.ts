// The browser's reads of coin data: the selectors' compact index, and full coins (price, market
// cap) only for the coins a comparison needs. No page carries the whole coin list.
import { callApi } from "@/lib/api/client";
import { fetchJson } from "@/lib/api/fetch-json";
import type { Coin } from "@/lib/validation/coins";
import { fromCoinIndex, type IndexedCoin } from "./coin-index";

export const coinIndexQueryKey = (version: string) => ["coin-index", version] as const;
export const coinsByIdsQueryKey = (ids: readonly string[]) => ["coins", ...ids] as const;

/**
 * The index as of `version` (the page's), which the browser may keep for good. Fetched without
 * the typed client on purpose: it is the selectors' first request, and its plain parser spares
 * it the declarations (and zod) that the client loads.
 */
export function fetchCoinIndex(version: string): Promise<IndexedCoin[]> {
  return fetchJson(`/api/coin-index?v=${encodeURIComponent(version)}`, { parse: fromCoinIndex });
}

/** These coins in full, keyed by id; a 404 (an id we do not list) throws ApiCallError. */
export async function fetchCoinsByIds(ids: readonly string[]): Promise<Map<string, Coin>> {
  const coins = await callApi("coinList", { query: { ids: ids.join(",") } });
  return new Map(coins.map((coin) => [coin.id, coin]));
}
