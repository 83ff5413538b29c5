"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { coinIndexQueryKey, coinsByIdsQueryKey, fetchCoinIndex, fetchCoinsByIds } from "@/lib/coins/client";

/** The selectors' coin index; fetched only once `enabled` (a selector was opened or approached). */
export function useCoinIndex(version: string, enabled: boolean) {
  return useQuery({ queryKey: coinIndexQueryKey(version), queryFn: () => fetchCoinIndex(version), enabled });
}

/** These coins in full, by id: one query (and cache entry) per list of ids, shared by the hooks below. */
function coinsByIdsQuery(ids: readonly string[]) {
  return queryOptions({ queryKey: coinsByIdsQueryKey(ids), queryFn: () => fetchCoinsByIds(ids) });
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
