// DELETE /api/saved-comparisons/{id}: removes one of the signed-in user's saved comparisons.
import { ApiError, rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { noContent } from "@/lib/api/responses";
import { removeSavedComparison } from "@/lib/account/saved-comparisons";
import { requireSessionUserForWrite } from "@/lib/auth/current-user";
import { getDb } from "@/lib/db";
import { savedComparisonIdSchema } from "@/lib/validation/account";

export const dynamic = "force-dynamic";

export const DELETE = withErrorHandling(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const user = await requireSessionUserForWrite(request);
  const { id } = await params;
  const parsed = savedComparisonIdSchema.safeParse(id);
  // Someone else's comparison is "not found" too: its existence is not ours to reveal.
  const removed = parsed.success && (await removeSavedComparison(getDb(), user.id, parsed.data));
  if (!removed) throw new ApiError(404, "not_found", `You have no saved comparison with id "${id.slice(0, 80)}".`);
  return noContent();
});

export const { GET, POST, PUT, PATCH } = rejectOtherMethods(["DELETE"]);
