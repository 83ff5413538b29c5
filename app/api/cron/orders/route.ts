import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { configuredListingDeps } from "@/lib/listings/coins.server";
import { checkOpenOrders } from "@/lib/orders/open-orders.server";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.cronOrders, () => checkOpenOrders(getDb(), configuredListingDeps())),
});
