// DELETE /api/saved-comparisons/{id}: removes one of the signed-in user's saved comparisons.
import { endpoints } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { methods, route } from "@/lib/api/route";
import { removeSavedComparison } from "@/lib/account/saved-comparisons";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(endpoints.removeSavedComparison, async ({ params, user }) => {
    // Someone else's comparison is "not found" too: its existence is not ours to reveal.
    if (!(await removeSavedComparison(getDb(), user.id, params.id))) {
      throw new ApiError("not_found", endpoints.removeSavedComparison.notFound({ id: String(params.id) }));
    }
  }),
});
