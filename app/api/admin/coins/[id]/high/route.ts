// Operators only: POST /api/admin/coins/{id}/high { reason, athPrice?, athMarketCap? } sets a
// wrong all-time high back to the highest held price on record, or to the figures given
// (lib/listings/coins.ts correctHigh). The audit line (lib/api/route.ts) keeps the reason.
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { correctHigh } from "@/lib/listings/coins";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(endpoints.correctHigh, ({ params, body }) => correctHigh(getDb(), params.id, body)),
});
