import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getPairAnswer } from "@/lib/compare/pair-page.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.pair, ({ params, query }) => getPairAnswer(params.coin1, params.coin2, query)),
});
