// The signed-in user's saved comparisons: GET lists them (with both coins as they are today),
// POST { coin1Id, coin2Id } saves one.
import { readJsonBody } from "@/lib/api/body";
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { privateJson } from "@/lib/api/responses";
import { listSavedComparisons, saveComparison } from "@/lib/account/saved-comparisons";
import { requireSessionUser, requireSessionUserForWrite } from "@/lib/auth/current-user";
import { getDb } from "@/lib/db";
import { savedComparisonBodySchema } from "@/lib/validation/account";

export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async (request) => {
  const user = await requireSessionUser(request);
  return privateJson(await listSavedComparisons(getDb(), user.id));
});

/** 201 with the new row, or 200 with the one saved before for the same pair. */
export const POST = withErrorHandling(async (request) => {
  const user = await requireSessionUserForWrite(request);
  const { coin1Id, coin2Id } = savedComparisonBodySchema.parse(await readJsonBody(request));
  const { saved, created } = await saveComparison(getDb(), user.id, coin1Id, coin2Id);
  return privateJson(saved, created ? 201 : 200);
});

export const { PUT, PATCH, DELETE } = rejectOtherMethods(["GET", "POST"]);
