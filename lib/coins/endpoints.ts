// The coins' public reads: the list, one coin, and the coin selectors' index. Each declaration is
// the one the server's wrapper enforces, the OpenAPI document describes and the browser's client
// calls (lib/contract/endpoint.ts says how).
import { endpoint, noQuerySchema, oneRow } from "@/lib/contract/endpoint";
import { z } from "@/lib/shared/zod";
import { coinDetailSchema, coinIdSchema, coinIndexQuerySchema, coinListQuerySchema, coinListSchema } from "./schemas";

export const coinList = endpoint({
  method: "GET",
  summary: "Every coin by rank; `?ids=` for just those (404 naming an unknown id); `?per_page=1..250&page=N` (CoinGecko's paging) for one page of either.",
  path: "/api/cryptocurrencies",
  access: "public",
  crossOrigin: true,
  cache: "public",
  query: coinListQuerySchema,
  response: coinListSchema,
});

export const coin = endpoint({
  method: "GET",
  summary: "One coin.",
  path: "/api/cryptocurrencies/:id",
  access: "public",
  crossOrigin: true,
  cache: "public",
  ...oneRow(coinIdSchema, "No coin with id"),
  query: noQuerySchema,
  response: coinDetailSchema,
});

export const coinIndex = endpoint({
  method: "GET",
  summary: "The coin selectors' index `{ version, coins: [[id, symbol, name, logoUrl], ...] }` by rank; `?v=` asks for that version, which the browser may keep for good.",
  path: "/api/coin-index",
  access: "public",
  crossOrigin: true,
  cache: "public",
  query: coinIndexQuerySchema,
  response: z.unknown(),
});
