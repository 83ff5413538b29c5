import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { markUnmatchedHandled } from "@/lib/orders/unmatched.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.unmatchedTransferHandled, ({ user, params }) => markUnmatchedHandled(getDb(), params.id, user.address)),
});
