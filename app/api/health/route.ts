// 200 even when the prices are old (their age is what an uptime check reads), 503 only when
// the database does not answer.
import { NextResponse } from "next/server";
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { readPriceHealth } from "@/lib/coins/price-health.server";
import { getDb } from "@/lib/db/get-db.server";
import type { Health } from "@/lib/validation/health";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.health, async () => {
    let prices: Awaited<ReturnType<typeof readPriceHealth>>;
    try {
      prices = await readPriceHealth(getDb(), Date.now());
    } catch (error) {
      console.error("[health] database check failed", error);
      return NextResponse.json({ status: "error", database: "unreachable" }, { status: 503 });
    }
    return { status: "ok", database: "ok", ...prices } satisfies Health;
  }),
});
