import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { listTopGainers } from "@/lib/coins/queries";

export const dynamic = "force-dynamic";

/** Biggest 24h gainers across all coins. `?limit=N` (1-100) shortens the list. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.topGainers, ({ query }) => listTopGainers(query.limit)),
});
