// The service's health (the prices' freshness), for monitors and container restarts. Each
// declaration is the one the server's wrapper enforces, the OpenAPI document describes and the
// browser's client calls (lib/contract/endpoint.ts says how).
import { endpoint, noQuerySchema } from "@/lib/contract/endpoint";
import { healthLiveSchema, healthSchema } from "./health-schema";

export const health = endpoint({
  method: "GET",
  summary:
    "The service's health, for alerts: the database and how fresh the prices are; 503 with `status` \"stale\" (the newest price older than HEALTH_STALE_AFTER_MINUTES), \"draining\" (shutting down) or \"error\" (database unreachable).",
  path: "/api/health",
  access: "public",
  crossOrigin: true,
  unmetered: true,
  cache: "none",
  query: noQuerySchema,
  response: healthSchema,
});

export const healthLive = endpoint({
  method: "GET",
  summary: "Liveness, for container restarts: 200 while the process and its database answer, whatever the prices' age (503 when the database is unreachable).",
  path: "/api/health/live",
  access: "public",
  crossOrigin: true,
  unmetered: true,
  cache: "none",
  query: noQuerySchema,
  response: healthLiveSchema,
});
