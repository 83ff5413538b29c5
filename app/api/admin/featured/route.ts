import { endpoints } from "@/lib/api/contract";
import { created, methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { listFeaturedSlots, scheduleFeatured } from "@/lib/orders/featured-slots.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.featuredSlots, () => listFeaturedSlots(getDb())),
  POST: route(endpoints.scheduleFeatured, async ({ body }) => created(await scheduleFeatured(getDb(), body))),
});
