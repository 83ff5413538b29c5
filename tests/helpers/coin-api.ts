// Serves the coin reads the selectors and comparisons make (the coin index, coins by id) from a
// fake of our API, over a fixed list of coins, as the real endpoints would answer.
import { toCoinIndexRows } from "@/lib/coins/coin-index";
import type { Coin } from "@/lib/coins/schemas";
import { apiError, json, type useFakeApi } from "./fake-api";

export const TEST_INDEX_VERSION = "test-version";

export function serveCoins(api: ReturnType<typeof useFakeApi>, coins: readonly Coin[]): void {
  api.on("GET /api/coin-index", json({ version: TEST_INDEX_VERSION, coins: toCoinIndexRows(coins) }));
  api.on("GET /api/cryptocurrencies", (call) => {
    const ids = new URL(call.url, "http://localhost").searchParams.get("ids")?.split(",") ?? [];
    const found = coins.filter((coin) => ids.includes(coin.id));
    return found.length === new Set(ids).size ? json(found) : apiError(404, "not_found", "No such coin.");
  });
}

/** The coin ids asked for in each GET /api/cryptocurrencies call so far. */
export function coinReads(api: ReturnType<typeof useFakeApi>): string[][] {
  return api.calls("GET /api/cryptocurrencies").map((call) => new URL(call.url, "http://localhost").searchParams.get("ids")!.split(","));
}
