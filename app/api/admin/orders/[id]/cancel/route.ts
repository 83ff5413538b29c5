import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { cancelOrder } from "@/lib/orders/operator-queue.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.cancelOrder, ({ params, body }) => cancelOrder(getDb(), params.id, body.reason)),
});
