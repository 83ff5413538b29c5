import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { listRecentlyListed } from "@/lib/trending/lists.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.recentlyListed, ({ query }) => listRecentlyListed(query.limit)),
});
