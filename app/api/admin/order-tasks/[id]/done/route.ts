import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { markTaskDone } from "@/lib/orders/tasks.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.orderTaskDone, ({ user, params }) => markTaskDone(getDb(), params.id, user.address)),
});
