import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { PUBLIC_CACHE_CONTROL, publicJsonBody } from "@/lib/api/responses";
import { getCoinSnapshot } from "@/lib/coins/snapshot";
import { coinIndexQuerySchema } from "@/lib/validation/coins";

export const dynamic = "force-dynamic";

/** A version's index never changes, so a browser may keep it for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The coin selectors' index: `{ version, coins: [[id, symbol, name, logoUrl], ...] }` by rank.
 * Pages ask for `?v=<version>` they were rendered with; when that is still the current version
 * the answer is cached for good, otherwise (an older page) it is the current index, briefly cached.
 */
export const GET = withErrorHandling(async (request) => {
  const { v } = parseQuery(request, coinIndexQuerySchema);
  const { indexBody, indexVersion } = await getCoinSnapshot();
  return publicJsonBody(indexBody, v === indexVersion ? IMMUTABLE : PUBLIC_CACHE_CONTROL);
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
