// POST { coin1Id, coin2Id }: the home page counts a comparison it showed, for the most-compared
// ranking. Anonymous and stores counts only (no user, address or IP); only the site's own pages
// may post.
import { readJsonBody } from "@/lib/api/body";
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { noContent } from "@/lib/api/responses";
import { assertWriteFromSite } from "@/lib/auth/current-user";
import { getDb } from "@/lib/db";
import { recordComparison } from "@/lib/trending/pair-counts";
import { coinPairBodySchema } from "@/lib/validation/coins";

export const dynamic = "force-dynamic";

/** 204 once counted. */
export const POST = withErrorHandling(async (request) => {
  assertWriteFromSite(request);
  const { coin1Id, coin2Id } = coinPairBodySchema.parse(await readJsonBody(request));
  await recordComparison(getDb(), coin1Id, coin2Id);
  return noContent();
});

export const { GET, PUT, PATCH, DELETE } = rejectOtherMethods(["POST"]);
