import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { versionedJsonBody } from "@/lib/api/responses";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.coinIndex, async ({ query }) => {
    const { indexBody, indexVersion } = await getCoinSnapshot();
    return versionedJsonBody(indexBody, indexVersion, query.v);
  }),
});
