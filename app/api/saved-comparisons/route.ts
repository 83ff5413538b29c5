// The signed-in user's saved comparisons: GET lists them (with both coins as they are today),
// POST { coin1Id, coin2Id } saves one.
import { endpoints } from "@/lib/api/contract";
import { Reply, methods, route } from "@/lib/api/route";
import { listSavedComparisons, saveComparison } from "@/lib/account/saved-comparisons";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.savedComparisons, ({ user }) => listSavedComparisons(getDb(), user.id)),
  /** 201 with the new row, or 200 with the one saved before for the same pair. */
  POST: route(endpoints.saveComparison, async ({ user, body }) => {
    const { saved, created } = await saveComparison(getDb(), user.id, body.coin1Id, body.coin2Id);
    return new Reply(saved, created ? 201 : 200);
  }),
});
