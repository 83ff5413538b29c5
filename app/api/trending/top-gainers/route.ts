import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { publicJson } from "@/lib/api/responses";
import { listTopGainers } from "@/lib/coins/queries";
import { trendingQuerySchema } from "@/lib/validation/coins";

export const dynamic = "force-dynamic";

/** Biggest 24h gainers across all coins. `?limit=N` (1-100) shortens the list. */
export const GET = withErrorHandling(async (request) => {
  const { limit } = parseQuery(request, trendingQuerySchema);
  return publicJson(await listTopGainers(limit));
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
