import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { updateCoin } from "@/lib/listings/coins.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: route(endpoints.updateCoin, ({ params, body }) => updateCoin(getDb(), params.id, body)),
});
