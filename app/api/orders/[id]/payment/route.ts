import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { submitPayment } from "@/lib/orders/payments.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.submitPayment, ({ user, params, body }) => submitPayment(getDb(), user, params.id, body.txHash)),
});
