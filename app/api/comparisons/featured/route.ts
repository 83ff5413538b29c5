import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getActiveFeaturedComparisons } from "@/lib/coins/featured";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.featuredComparisons, () => getActiveFeaturedComparisons()),
});
