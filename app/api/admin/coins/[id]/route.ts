import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { updateCoin } from "@/lib/listings/coins";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: route(endpoints.updateCoin, ({ params, body }) => updateCoin(getDb(), params.id, body)),
});
