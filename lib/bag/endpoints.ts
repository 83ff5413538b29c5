// The bag page's token list. Each declaration is the one the server's wrapper enforces, the OpenAPI
// document describes and the browser's client calls (lib/contract/endpoint.ts says how).
import { coinIndexQuerySchema } from "@/lib/coins/schemas";
import { endpoint } from "@/lib/contract/endpoint";
import { z } from "@/lib/shared/zod";

export const bagTokens = endpoint({
  method: "GET",
  summary: "The bag page's token list: every listed PulseChain coin by rank with address, decimals, price, market cap and high market cap; `?v=` as for the coin index.",
  path: "/api/bag-tokens",
  access: "public",
  crossOrigin: true,
  cache: "public",
  query: coinIndexQuerySchema,
  response: z.unknown(),
});
