import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { comparisonPairKey } from "@/lib/security/rate-limit-buckets";
import { recordComparison } from "@/lib/trending/pair-counts.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.countComparison, ({ body }) => recordComparison(getDb(), body.coin1Id, body.coin2Id), {
    rateLimitKeys: ({ body }) => ({ pair: comparisonPairKey(body.coin1Id, body.coin2Id) }),
  }),
});
