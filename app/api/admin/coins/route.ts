import { endpoints } from "@/lib/api/contract";
import { created, methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { listAdminCoins, listCoin } from "@/lib/listings/coins.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.adminCoins, () => listAdminCoins(getDb())),
  POST: route(endpoints.listCoin, async ({ body }) => created(await listCoin(getDb(), body))),
});
