import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { listTopGainers } from "@/lib/trending/lists.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.topGainers, ({ query }) => listTopGainers(query.limit)),
});
