// For uptime checks: is the database answering, and how old are the prices? 200 when the
// database answers (even with old prices: the age is the information), 503 when it does not.
import { NextResponse } from "next/server";
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { readPriceHealth } from "@/lib/coins/price-health";
import { getDb } from "@/lib/db";
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
