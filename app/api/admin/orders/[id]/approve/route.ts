import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { approveOrder } from "@/lib/orders/operator-queue";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(endpoints.approveOrder, ({ params }) => approveOrder(getDb(), params.id)),
});
