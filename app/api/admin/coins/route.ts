import { endpoints } from "@/lib/api/contract";
import { created, methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { listAdminCoins, listCoin } from "@/lib/listings/coins";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.adminCoins, () => listAdminCoins(getDb())),
  POST: route(endpoints.listCoin, async ({ body }) => created(await listCoin(getDb(), body))),
});
