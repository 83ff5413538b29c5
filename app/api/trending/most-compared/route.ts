import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { publicJson } from "@/lib/api/responses";
import { listMostComparedCoins } from "@/lib/coins/queries";
import { trendingQuerySchema } from "@/lib/validation/coins";

export const dynamic = "force-dynamic";

/** Coins of the most-compared pairs, in pair order. `?limit=N` (1-100) shortens the list. */
export const GET = withErrorHandling(async (request) => {
  const { limit } = parseQuery(request, trendingQuerySchema);
  return publicJson(await listMostComparedCoins(limit));
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
