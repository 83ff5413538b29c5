// Operators only: GET every featured slot with its status (scheduled, live, ended); POST
// { coin1Id, coin2Id, startsAt, endsAt?, isPromoted? } schedules one (201).
import { readJsonBody } from "@/lib/api/body";
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { privateJson } from "@/lib/api/responses";
import { getDb } from "@/lib/db";
import { listFeaturedSlots, scheduleFeatured } from "@/lib/listings/featured";
import { requireOperator, requireOperatorForWrite } from "@/lib/listings/operators";

export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async (request) => {
  await requireOperator(request);
  return privateJson(await listFeaturedSlots(getDb()));
});

export const POST = withErrorHandling(async (request) => {
  await requireOperatorForWrite(request);
  return privateJson(await scheduleFeatured(getDb(), await readJsonBody(request)), 201);
});

export const { PUT, PATCH, DELETE } = rejectOtherMethods(["GET", "POST"]);
