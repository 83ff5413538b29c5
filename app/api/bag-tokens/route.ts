import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { versionedJsonBody } from "@/lib/api/responses";
import { bagTokenList } from "@/lib/bag/token-list.server";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.bagTokens, async ({ query }) => {
    const { body, version } = bagTokenList(await getCoinSnapshot());
    return versionedJsonBody(body, version, query.v);
  }),
});
