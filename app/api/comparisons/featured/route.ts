import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { publicJson } from "@/lib/api/responses";
import { getActiveFeaturedComparisons } from "@/lib/coins/featured";
import { noQuerySchema } from "@/lib/validation/coins";

export const dynamic = "force-dynamic";

/** Up to 2 featured comparisons whose slot is running, promoted first. */
export const GET = withErrorHandling(async (request) => {
  parseQuery(request, noQuerySchema);
  return publicJson(await getActiveFeaturedComparisons());
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
