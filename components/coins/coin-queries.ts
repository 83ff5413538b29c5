"use client";

// The browser's reads of coin data: the selectors' compact index, and full coins (price, market
// cap) only for the coins a comparison needs. No page carries the whole coin list.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api/call-api.browser";
import { apiKey } from "@/lib/api/endpoint-queries.browser";
import { fetchJson } from "@/lib/api/fetch-json.browser";
import { fromCoinIndex } from "@/lib/coins/coin-index";

const coinsEndpoints = () => import("@/lib/coins/endpoints");

/**
 * The selectors' coin index as of `version` (the page's), which the browser may keep for good;
 * fetched only once `enabled` (a selector was opened or approached). Read without the typed
 * client on purpose: it is the selectors' first request, and its plain parser spares it the
 * declarations (and zod) that the client loads.
 */
export function useCoinIndex(version: string, enabled: boolean) {
  return useQuery({
    queryKey: apiKey("coinIndex", version),
    queryFn: () => fetchJson(`/api/coin-index?v=${encodeURIComponent(version)}`, { parse: fromCoinIndex }),
    enabled,
  });
}

/** These coins in full, keyed by id: one query (and cache entry) per list of ids, shared by the hooks below. */
function coinsByIdsQuery(ids: readonly string[]) {
  return queryOptions({
    queryKey: apiKey("coinList", ...ids),
    // An id we do not list answers 404: ApiCallError.
    queryFn: async () => new Map((await callApi(coinsEndpoints, "coinList", { query: { ids: ids.join(",") } })).map((coin) => [coin.id, coin])),
  });
}

/** Some coins in full, or nothing while `ids` is null. */
export function useCoinsByIds(ids: readonly string[] | null) {
  return useQuery({ ...coinsByIdsQuery(ids ?? []), enabled: ids !== null });
}

/** Two coins in full for a comparison, or nothing while `pair` is null. */
export function useCoinPair(pair: readonly [string, string] | null) {
  return useQuery({
    ...coinsByIdsQuery(pair ?? []),
    enabled: pair !== null,
    select: (coins) => (pair ? ([coins.get(pair[0]), coins.get(pair[1])] as const) : null),
  });
}
