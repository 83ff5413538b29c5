// The home page's trending lists, and the anonymous count behind "Most Compared". Each declaration
// is the one the server's wrapper enforces, the OpenAPI document describes and the browser's client
// calls (lib/contract/endpoint.ts says how).
import { coinListSchema, coinPairBodySchema, mostComparedPairListSchema, trendingQuerySchema } from "@/lib/coins/schemas";
import { endpoint, noContentSchema } from "@/lib/contract/endpoint";

export const mostCompared = endpoint({
  method: "GET",
  summary: "The most-compared pairs, by comparisons plus saves (10 unless `?limit=`).",
  path: "/api/trending/most-compared",
  access: "public",
  crossOrigin: true,
  cache: "public",
  query: trendingQuerySchema,
  response: mostComparedPairListSchema,
});

export const pulsechainGainers = endpoint({
  method: "GET",
  summary: "The first 25 PulseChain coins by rank, best 24h change first.",
  path: "/api/trending/pulsechain-gainers",
  access: "public",
  crossOrigin: true,
  cache: "public",
  query: trendingQuerySchema,
  response: coinListSchema,
});

export const recentlyListed = endpoint({
  method: "GET",
  summary: "The newest listings first (18 unless `?limit=`).",
  path: "/api/trending/recently-listed",
  access: "public",
  crossOrigin: true,
  cache: "public",
  query: trendingQuerySchema,
  response: coinListSchema,
});

export const topGainers = endpoint({
  method: "GET",
  summary: "The 10 biggest 24h gainers across all coins.",
  path: "/api/trending/top-gainers",
  access: "public",
  crossOrigin: true,
  cache: "public",
  query: trendingQuerySchema,
  response: coinListSchema,
});

export const countComparison = endpoint({
  method: "POST",
  summary: "Counts one comparison of an ordered pair for the most-compared ranking (204); stores no user, address or IP.",
  path: "/api/comparisons",
  access: "site",
  cache: "none",
  body: coinPairBodySchema,
  rateLimit: "comparison-count",
  response: noContentSchema,
});
