import { endpoints } from "@/lib/api/contract";
import { created, methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { listOwnOrders } from "@/lib/orders/orders.server";
import { createQuote } from "@/lib/orders/quotes.server";
import { clientIp } from "@/lib/security/client-ip.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.orders, ({ user }) => listOwnOrders(getDb(), user)),
  POST: route(endpoints.createOrder, async ({ request, user, body }) => created(await createQuote(getDb(), user, body, clientIp(request)))),
});
