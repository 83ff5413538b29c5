// DELETE /api/watchlist/{coinId}: takes a coin off the signed-in user's watchlist.
import { ApiError, rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { noContent } from "@/lib/api/responses";
import { removeFromWatchlist } from "@/lib/account/watchlist";
import { requireSessionUserForWrite } from "@/lib/auth/current-user";
import { getDb } from "@/lib/db";
import { coinIdSchema } from "@/lib/validation/coins";

export const dynamic = "force-dynamic";

export const DELETE = withErrorHandling(async (request, { params }: { params: Promise<{ coinId: string }> }) => {
  const user = await requireSessionUserForWrite(request);
  const { coinId } = await params;
  const parsed = coinIdSchema.safeParse(coinId);
  const removed = parsed.success && (await removeFromWatchlist(getDb(), user.id, parsed.data));
  if (!removed) throw new ApiError(404, "not_found", `"${coinId.slice(0, 80)}" is not on your watchlist.`);
  return noContent();
});

export const { GET, POST, PUT, PATCH } = rejectOtherMethods(["DELETE"]);
