import { endpoints } from "@/lib/api/contract";
import { publicJsonBody } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route.server";
import { getHistoryBody } from "@/lib/history/queries.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.coinHistory, async ({ params, query }) => publicJsonBody(await getHistoryBody(params.id, query.range))),
});
