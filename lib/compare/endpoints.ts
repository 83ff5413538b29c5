// A pair of coins compared, and the featured comparisons on the home page. Each declaration is the
// one the server's wrapper enforces, the OpenAPI document describes and the browser's client calls
// (lib/contract/endpoint.ts says how).
import { coinIdSchema, featuredComparisonListSchema } from "@/lib/coins/schemas";
import { endpoint, noQuerySchema, quoted } from "@/lib/contract/endpoint";
import { z } from "@/lib/shared/zod";
import { pairAnswerSchema, pairQuerySchema } from "./pair-answer-schema";

export const pair = endpoint({
  method: "GET",
  summary:
    "Coin 1 at coin 2's market cap, today and at its high, what each would take through coin 1's PulseX pools, and the ladder of targets (10% to 500%); `?supply1=` / `?supply2=` (circulating, total, staked) picks each coin's supply basis.",
  path: "/api/pairs/:coin1/:coin2",
  access: "public",
  crossOrigin: true,
  cache: "public",
  params: z.strictObject({ coin1: coinIdSchema, coin2: coinIdSchema }),
  notFound: (params) => `No coins with ids ${quoted(params.coin1)} and ${quoted(params.coin2)}.`,
  query: pairQuerySchema,
  response: pairAnswerSchema,
});

export const featuredComparisons = endpoint({
  method: "GET",
  summary: "Up to 2 running featured comparisons, promoted first, with the multiplier and projected price.",
  path: "/api/comparisons/featured",
  access: "public",
  crossOrigin: true,
  cache: "public",
  query: noQuerySchema,
  response: featuredComparisonListSchema,
});
