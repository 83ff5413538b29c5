import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { getMostComparedPairs } from "@/lib/trending/pair-counts.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.mostCompared, ({ query }) => getMostComparedPairs(getDb(), query.limit)),
});
