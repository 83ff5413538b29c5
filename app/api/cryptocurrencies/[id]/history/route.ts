import { endpoints } from "@/lib/api/contract";
import { publicJsonBody } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { getHistoryBody } from "@/lib/history/queries";

export const dynamic = "force-dynamic";

/** A coin's price and market cap over ?range=1d|7d|30d|1y|all, oldest first (serialised once per refresh). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.coinHistory, async ({ params, query }) => publicJsonBody(await getHistoryBody(params.id, query.range))),
});
