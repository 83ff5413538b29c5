// What an uptime monitor alerts on: 200 "ok" while the site serves fresh prices; 503 "stale" with
// the same report when the newest price is older than HEALTH_STALE_AFTER_MINUTES (the refresh has
// stopped), "draining" while the server shuts down (lib/http/shutdown.server.ts: a load balancer
// stops sending it requests), "error" when the database does not answer. Container restarts go by
// /api/health/live instead, so old prices alert without restarting the server in a loop.
import { NextResponse } from "next/server";
import { endpoints } from "@/lib/api/contract";
import { statusOf } from "@/lib/api/error-codes";
import { methods, route } from "@/lib/api/route.server";
import { pricesAreStale, readPriceHealth } from "@/lib/market/price-health.server";
import { getEnv } from "@/lib/config/env";
import { getDb } from "@/lib/db/get-db.server";
import { isDraining } from "@/lib/http/shutdown.server";
import type { Health, HealthUnavailable } from "@/lib/market/health-schema";

export const dynamic = "force-dynamic";

const unavailable = (body: HealthUnavailable) => NextResponse.json(body, { status: statusOf("service_unavailable") });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.health, async () => {
    // Before anything else, and without the database: the answer must come at once.
    if (isDraining()) return unavailable({ status: "draining", error: { code: "service_unavailable", message: "The server is shutting down: it finishes its open requests and takes no new ones." } });
    let prices: Awaited<ReturnType<typeof readPriceHealth>>;
    try {
      prices = await readPriceHealth(getDb(), Date.now());
    } catch (error) {
      console.error("[health] database check failed", error);
      return unavailable({ status: "error", database: "unreachable", error: { code: "database_unavailable", message: "The database does not answer." } });
    }
    const staleAfterSeconds = getEnv().HEALTH_STALE_AFTER_MINUTES * 60;
    const health = { status: "ok", database: "ok", ...prices, staleAfterSeconds } satisfies Health;
    if (!pricesAreStale(prices.prices, staleAfterSeconds)) return health;
    const age = prices.prices.newestPriceAgeSeconds;
    const message = age === null ? "No coin has a price yet." : `The newest price is ${Math.round(age / 60)} minutes old (the bound is ${staleAfterSeconds / 60}): the refresh is not running or reaches no source.`;
    return unavailable({ ...health, status: "stale", error: { code: "service_unavailable", message } });
  }),
});
