// A coin's price history. Each declaration is the one the server's wrapper enforces, the OpenAPI
// document describes and the browser's client calls (lib/contract/endpoint.ts says how).
import { coinIdSchema } from "@/lib/coins/schemas";
import { endpoint, oneRow } from "@/lib/contract/endpoint";
import { historyQuerySchema, historySchema } from "./schemas";

export const coinHistory = endpoint({
  method: "GET",
  summary: "A coin's price and market cap over a range, oldest first: at most one point per 5 min (1d), hour (7d), 4 h (30d) or day (1y, all).",
  path: "/api/cryptocurrencies/:id/history",
  access: "public",
  crossOrigin: true,
  cache: "public",
  ...oneRow(coinIdSchema, "No coin with id"),
  query: historyQuerySchema,
  response: historySchema,
});
