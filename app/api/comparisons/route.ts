// POST { coin1Id, coin2Id }: a page counts a comparison it showed, for the most-compared ranking.
// Anonymous and stores counts only (no user, address or IP); only the site's own pages may post,
// and one client counts a pair at most once a minute (the rate limit's pair key).
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { comparisonPairKey } from "@/lib/security/rate-limit-buckets";
import { recordComparison } from "@/lib/trending/pair-counts";

export const dynamic = "force-dynamic";

/** 204 once counted. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(endpoints.countComparison, ({ body }) => recordComparison(getDb(), body.coin1Id, body.coin2Id), {
    rateLimitKeys: ({ body }) => ({ pair: comparisonPairKey(body.coin1Id, body.coin2Id) }),
  }),
});
