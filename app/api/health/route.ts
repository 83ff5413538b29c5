// For uptime checks: is the database answering, and how old are the prices? 200 when the
// database answers (even with old prices: the age is the information), 503 when it does not.
import { NextResponse } from "next/server";
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.health, async () => {
    let range: { _min: { updatedAt: Date | null }; _max: { updatedAt: Date | null } };
    try {
      range = await getDb().coin.aggregate({ _min: { updatedAt: true }, _max: { updatedAt: true } });
    } catch (error) {
      console.error("[health] database check failed", error);
      return NextResponse.json({ status: "error", database: "unreachable" }, { status: 503 });
    }
    const now = Date.now();
    const age = (date: Date | null) => (date ? Math.round((now - date.getTime()) / 1000) : null);
    return {
      status: "ok",
      database: "ok",
      prices: {
        freshest: range._max.updatedAt?.toISOString() ?? null,
        freshestAgeSeconds: age(range._max.updatedAt),
        stalest: range._min.updatedAt?.toISOString() ?? null,
        stalestAgeSeconds: age(range._min.updatedAt),
      },
    };
  }),
});
