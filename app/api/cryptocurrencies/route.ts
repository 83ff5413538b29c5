import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { publicJson, publicJsonBody } from "@/lib/api/responses";
import { getCoinsByIdsOrThrow, listCoins } from "@/lib/coins/queries";
import { getCoinSnapshot } from "@/lib/coins/snapshot";
import { DEFAULT_PER_PAGE, coinListQuerySchema } from "@/lib/validation/coins";

export const dynamic = "force-dynamic";

/**
 * All coins by rank (serialised once per refresh), or only `?ids=pls,hex` (404 when any id is
 * unknown); `?per_page=1..250&page=N` pages either (CoinGecko's convention; past the end is `[]`).
 */
export const GET = withErrorHandling(async (request) => {
  const { ids, per_page, page } = parseQuery(request, coinListQuerySchema);
  const paged = per_page !== undefined || page !== undefined;
  if (!ids && !paged) return publicJsonBody((await getCoinSnapshot()).listBody);
  const coins = ids ? await getCoinsByIdsOrThrow(ids) : await listCoins();
  if (!paged) return publicJson(coins);
  const size = per_page ?? DEFAULT_PER_PAGE;
  const start = ((page ?? 1) - 1) * size;
  return publicJson(coins.slice(start, start + size));
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
