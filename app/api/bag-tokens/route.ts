import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { versionedJsonBody } from "@/lib/api/responses";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.bagTokens, async ({ query }) => {
    const { bagTokensBody, bagTokensVersion } = await getCoinSnapshot();
    return versionedJsonBody(bagTokensBody, bagTokensVersion, query.v);
  }),
});
