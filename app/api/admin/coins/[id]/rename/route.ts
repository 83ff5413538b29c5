import { endpoints } from "@/lib/api/contract";
import { audited, methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { renameCoin } from "@/lib/listings/rename-coin.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // The audit line records the old name and symbol beside the new ones.
  POST: route(endpoints.renameCoin, async ({ params, body }) => {
    const { coin, change } = await renameCoin(getDb(), params.id, body);
    return audited(coin, change);
  }),
});
