import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getActiveFeaturedComparisons } from "@/lib/coins/featured";

export const dynamic = "force-dynamic";

/** Up to 2 featured comparisons whose slot is running, promoted first. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.featuredComparisons, () => getActiveFeaturedComparisons()),
});
