// For container restarts (a liveness probe): 200 while the process and its database answer, also
// while the prices are old or the server drains, which /api/health reports instead (a restart
// fixes neither, and restarting a draining server would drop what it is finishing).
import { NextResponse } from "next/server";
import { endpoints } from "@/lib/api/contract";
import { statusOf } from "@/lib/api/error-codes";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import type { HealthUnavailable } from "@/lib/market/health-schema";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.healthLive, async () => {
    try {
      await getDb().$queryRaw`SELECT 1`;
    } catch (error) {
      console.error("[health] database check failed", error);
      const body: HealthUnavailable = { status: "error", database: "unreachable", error: { code: "database_unavailable", message: "The database does not answer." } };
      return NextResponse.json(body, { status: statusOf("service_unavailable") });
    }
    return { status: "ok", database: "ok" } as const;
  }),
});
