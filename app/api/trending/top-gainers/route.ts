import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { listTopGainers } from "@/lib/coins/queries";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.topGainers, ({ query }) => listTopGainers(query.limit)),
});
