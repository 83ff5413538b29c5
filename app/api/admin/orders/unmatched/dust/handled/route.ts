import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { markDustHandled } from "@/lib/orders/unmatched.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.unmatchedDustHandled, ({ user }) => markDustHandled(getDb(), user.address)),
});
