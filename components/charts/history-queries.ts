"use client";

// The charts' reads of GET /api/cryptocurrencies/{id}/history, one cache entry per coin and
// range, shared by every chart on the page (the pair page's two coins, a coin page's chart).
import { useQueries, useQuery } from "@tanstack/react-query";
import { apiQuery } from "@/lib/api/endpoint-queries.browser";
import type { HistoryRange } from "@/lib/history/schemas";

const historyEndpoints = () => import("@/lib/history/endpoints");

function historyQuery(coinId: string, range: HistoryRange) {
  return apiQuery(historyEndpoints, "coinHistory", { params: { id: coinId }, query: { range } });
}

export function useCoinHistory(coinId: string, range: HistoryRange) {
  return useQuery(historyQuery(coinId, range));
}

/** Both coins' histories over one range, read side by side. */
export function usePairHistory(coin1Id: string, coin2Id: string, range: HistoryRange) {
  return useQueries({ queries: [historyQuery(coin1Id, range), historyQuery(coin2Id, range)] });
}
