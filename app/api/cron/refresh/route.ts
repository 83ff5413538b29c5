// Vercel Cron's entry to the market refresh (vercel.json schedules it). Vercel sends
// `Authorization: Bearer $CRON_SECRET`; anything else is refused, and so is everyone when no
// secret is configured. The pass itself takes the same lease as every other refresher.
import { timingSafeEqual } from "node:crypto";
import { NextResponse } from "next/server";
import { ApiError, rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { refreshMarket } from "@/lib/market/run";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

function authorized(request: Request, secret: string): boolean {
  const given = Buffer.from(request.headers.get("authorization") ?? "");
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const GET = withErrorHandling(async (request) => {
  const secret = getEnv().CRON_SECRET;
  if (!secret || !authorized(request, secret)) {
    throw new ApiError(401, "unauthenticated", "This endpoint is for the scheduler; it needs the cron secret.");
  }
  const outcome = await refreshMarket(getDb());
  const body = outcome.ran
    ? { ran: true, updated: outcome.report.updated.length, failed: outcome.report.failed, heldBack: outcome.report.heldBack }
    : { ran: false, reason: outcome.reason };
  return NextResponse.json(body, { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
