import { endpoints } from "@/lib/api/contract";
import { created, methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { listOwnOrders } from "@/lib/orders/orders";
import { createQuote } from "@/lib/orders/quotes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.orders, ({ user }) => listOwnOrders(getDb(), user)),
  POST: route(endpoints.createOrder, async ({ user, body }) => created(await createQuote(getDb(), user, body))),
});
