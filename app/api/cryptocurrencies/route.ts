import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { acceptsGzip, publicGzipJsonBody, publicJsonBody } from "@/lib/api/responses";
import { getCoinsByIdsOrThrow, listCoins } from "@/lib/coins/queries.server";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";
import { DEFAULT_PER_PAGE } from "@/lib/coins/schemas";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.coinList, async ({ request, query: { ids, per_page, page } }) => {
    const paged = per_page !== undefined || page !== undefined;
    if (!ids && !paged) {
      // The whole list is stored gzipped with the snapshot (~10x smaller): a client that takes gzip
      // gets those bytes as they are, so no instance compresses the list per request.
      const snapshot = await getCoinSnapshot();
      if (acceptsGzip(request)) return publicGzipJsonBody(snapshot.listGzip);
      const plain = publicJsonBody(snapshot.listBody);
      plain.headers.set("Vary", "Accept-Encoding");
      return plain;
    }
    const coins = ids ? await getCoinsByIdsOrThrow(ids) : await listCoins();
    if (!paged) return coins;
    const size = per_page ?? DEFAULT_PER_PAGE;
    const start = ((page ?? 1) - 1) * size;
    return coins.slice(start, start + size);
  }),
});
