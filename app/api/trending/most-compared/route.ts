import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { publicJson } from "@/lib/api/responses";
import { getDb } from "@/lib/db";
import { getMostComparedPairs } from "@/lib/trending/pair-counts";
import { trendingQuerySchema } from "@/lib/validation/coins";

export const dynamic = "force-dynamic";

/**
 * The counted ranking: `[{ rank, coin1, coin2, comparisons, saves }]`, by comparisons + saves.
 * `?limit=N` (1-100, default 10) shortens the list.
 */
export const GET = withErrorHandling(async (request) => {
  const { limit } = parseQuery(request, trendingQuerySchema);
  return publicJson(await getMostComparedPairs(getDb(), limit));
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
