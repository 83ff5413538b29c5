import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { recordRefund } from "@/lib/orders/refunds.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.recordRefund, ({ params, body }) => recordRefund(getDb(), params.id, body.txHash)),
});
