import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { configuredListingDeps } from "@/lib/listings/coins";
import { checkOpenOrders } from "@/lib/orders/open-orders";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.cronOrders, () => checkOpenOrders(getDb(), configuredListingDeps())),
});
