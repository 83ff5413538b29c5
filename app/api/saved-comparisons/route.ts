import { endpoints } from "@/lib/api/contract";
import { Reply, methods, route } from "@/lib/api/route.server";
import { listSavedComparisons, saveComparison } from "@/lib/account/saved-comparisons.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.savedComparisons, ({ user }) => listSavedComparisons(getDb(), user.id)),
  POST: route(endpoints.saveComparison, async ({ user, body }) => {
    const { saved, created } = await saveComparison(getDb(), user.id, body.coin1Id, body.coin2Id);
    return new Reply(saved, created ? 201 : 200);
  }),
});
