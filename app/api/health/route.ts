// For uptime checks: is the database answering, and how old are the prices? 200 when the
// database answers (even with old prices: the age is the information), 503 when it does not.
import { NextResponse } from "next/server";
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "no-store" };

export const GET = withErrorHandling(async () => {
  let range: { _min: { updatedAt: Date | null }; _max: { updatedAt: Date | null } };
  try {
    range = await getDb().coin.aggregate({ _min: { updatedAt: true }, _max: { updatedAt: true } });
  } catch (error) {
    console.error("[health] database check failed", error);
    return NextResponse.json({ status: "error", database: "unreachable" }, { status: 503, headers: noStore });
  }
  const now = Date.now();
  const age = (date: Date | null) => (date ? Math.round((now - date.getTime()) / 1000) : null);
  return NextResponse.json(
    {
      status: "ok",
      database: "ok",
      prices: {
        freshest: range._max.updatedAt?.toISOString() ?? null,
        freshestAgeSeconds: age(range._max.updatedAt),
        stalest: range._min.updatedAt?.toISOString() ?? null,
        stalestAgeSeconds: age(range._min.updatedAt),
      },
    },
    { headers: noStore },
  );
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
