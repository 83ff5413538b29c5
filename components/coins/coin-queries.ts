"use client";

import { useQuery } from "@tanstack/react-query";
import { coinIndexQueryKey, coinsByIdsQueryKey, fetchCoinIndex, fetchCoinsByIds } from "@/lib/coins/client";

/** The selectors' coin index; fetched only once `enabled` (a selector was opened or approached). */
export function useCoinIndex(version: string, enabled: boolean) {
  return useQuery({ queryKey: coinIndexQueryKey(version), queryFn: () => fetchCoinIndex(version), enabled });
}

/** Two coins in full for a comparison, or nothing while `pair` is null. */
export function useCoinPair(pair: readonly [string, string] | null) {
  return useQuery({
    queryKey: coinsByIdsQueryKey(pair ?? []),
    queryFn: () => fetchCoinsByIds(pair!),
    enabled: pair !== null,
    select: (coins) => (pair ? ([coins.get(pair[0]), coins.get(pair[1])] as const) : null),
  });
}
