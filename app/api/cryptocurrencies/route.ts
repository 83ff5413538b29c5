import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { publicJson } from "@/lib/api/responses";
import { getCoinsByIdsOrThrow, listCoins } from "@/lib/coins/queries";
import { coinListQuerySchema } from "@/lib/validation/coins";

export const dynamic = "force-dynamic";

/** All coins by rank, or only `?ids=pls,hex` (404 when any id is unknown). */
export const GET = withErrorHandling(async (request) => {
  const { ids } = parseQuery(request, coinListQuerySchema);
  return publicJson(ids ? await getCoinsByIdsOrThrow(ids) : await listCoins());
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
