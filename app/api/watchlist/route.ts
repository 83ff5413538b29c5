// The signed-in user's watchlist: GET lists it (with each coin), POST { coinId } adds a coin.
import { readJsonBody } from "@/lib/api/body";
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { privateJson } from "@/lib/api/responses";
import { addToWatchlist, listWatchlist } from "@/lib/account/watchlist";
import { requireSessionUser, requireSessionUserForWrite } from "@/lib/auth/current-user";
import { getDb } from "@/lib/db";
import { watchlistAddBodySchema } from "@/lib/validation/account";

export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async (request) => {
  const user = await requireSessionUser(request);
  return privateJson(await listWatchlist(getDb(), user.id));
});

/** 201 with the new entry, or 200 with the existing one when the coin is already listed. */
export const POST = withErrorHandling(async (request) => {
  const user = await requireSessionUserForWrite(request);
  const { coinId } = watchlistAddBodySchema.parse(await readJsonBody(request));
  const { entry, created } = await addToWatchlist(getDb(), user.id, coinId);
  return privateJson(entry, created ? 201 : 200);
});

export const { PUT, PATCH, DELETE } = rejectOtherMethods(["GET", "POST"]);
