import { endpoints } from "@/lib/api/contract";
import { created, methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { listFeaturedSlots, scheduleFeatured } from "@/lib/listings/featured";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.featuredSlots, () => listFeaturedSlots(getDb())),
  POST: route(endpoints.scheduleFeatured, async ({ body }) => created(await scheduleFeatured(getDb(), body))),
});
