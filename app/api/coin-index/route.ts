import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { versionedJsonBody } from "@/lib/api/responses";
import { getCoinSnapshot } from "@/lib/coins/snapshot";

export const dynamic = "force-dynamic";

/**
 * The coin selectors' index: `{ version, coins: [[id, symbol, name, logoUrl], ...] }` by rank.
 * Pages ask for `?v=<version>` they were rendered with; when that is still the current version
 * the answer is cached for good, otherwise (an older page) it is the current index, briefly cached.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.coinIndex, async ({ query }) => {
    const { indexBody, indexVersion } = await getCoinSnapshot();
    return versionedJsonBody(indexBody, indexVersion, query.v);
  }),
});
