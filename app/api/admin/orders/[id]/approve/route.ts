// Operators only: POST /api/admin/orders/{id}/approve accepts a paid order held for review and
// fulfils it as any paid order (lib/orders/operator-queue.ts).
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { approveOrder } from "@/lib/orders/operator-queue";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(endpoints.approveOrder, ({ params }) => approveOrder(getDb(), params.id)),
});
