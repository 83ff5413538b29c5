import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getCoinDetailOrThrow } from "@/lib/coins/queries.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.coin, ({ params }) => getCoinDetailOrThrow(params.id)),
});
