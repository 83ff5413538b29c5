import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { listPulsechainGainers } from "@/lib/coins/queries";

export const dynamic = "force-dynamic";

/** First 25 PulseChain coins by rank, best 24h change first. `?limit=N` (1-100) shortens the list. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.pulsechainGainers, ({ query }) => listPulsechainGainers(query.limit)),
});
