import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { publicJsonBody } from "@/lib/api/responses";
import { getCoinsByIdsOrThrow, listCoins } from "@/lib/coins/queries.server";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";
import { DEFAULT_PER_PAGE } from "@/lib/coins/schemas";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.coinList, async ({ query: { ids, per_page, page } }) => {
    const paged = per_page !== undefined || page !== undefined;
    if (!ids && !paged) {
      // The body serialised once per coins version. Not the read model's gzip as it is: Next 16
      // drops a route handler's Content-Encoding (FORBIDDEN_HEADERS in next/dist/server/
      // send-response.js) and compresses the bytes again, so the edge or Next compresses it, and
      // the edge and a CDN keep the compressed answer (docs/caching.md).
      return publicJsonBody((await getCoinSnapshot()).listBody);
    }
    const coins = ids ? await getCoinsByIdsOrThrow(ids) : await listCoins();
    if (!paged) return coins;
    const size = per_page ?? DEFAULT_PER_PAGE;
    const start = ((page ?? 1) - 1) * size;
    return coins.slice(start, start + size);
  }),
});
