// The API's own endpoints: its description, the MCP server's (lib/mcp, the layer above lib/api), and
// the scheduler's (Vercel Cron's) entries, whose work lib/jobs composes beside lib/api (so they
// cannot be declared in a feature below it). Each declaration is the one the server's wrapper
// enforces, the OpenAPI document describes and the browser's client calls (lib/contract/endpoint.ts
// says how).
import { endpoint, noQuerySchema } from "@/lib/contract/endpoint";
import { z } from "@/lib/shared/zod";
import { mcpBodySchema } from "./mcp-body";

export const openApi = endpoint({
  method: "GET",
  summary: "This API as an OpenAPI 3.1 document.",
  path: "/api/openapi.json",
  access: "public",
  crossOrigin: true,
  cache: "public",
  query: noQuerySchema,
  response: z.unknown(),
});

export const mcp = endpoint({
  method: "POST",
  summary:
    "The MCP server (Model Context Protocol, Streamable HTTP, stateless, JSON answers) for AI assistants: tools `search_coins`, `get_coin`, `compare`, `what_it_would_take`, `ladder` and `history`, each answering this API's figures and the page to show; GET and DELETE answer 405 (no sessions, no event stream).",
  path: "/api/mcp",
  access: "public",
  cache: "none",
  body: mcpBodySchema,
  rateLimit: "open-read",
  response: z.unknown(),
});

export const cronRefresh = endpoint({
  method: "GET",
  summary: "Runs one price refresh pass (the scheduler's call); 503 with the pass's report when it updated no coin and some failed, or reached no source.",
  path: "/api/cron/refresh",
  access: "cron",
  cache: "none",
  response: z.unknown(),
});

export const cronOrders = endpoint({
  method: "GET",
  summary: "Runs the orders' scheduled check (the scheduler's call).",
  path: "/api/cron/orders",
  access: "cron",
  cache: "none",
  response: z.unknown(),
});

export const cronDeliver = endpoint({
  method: "GET",
  summary: "Drains the alerts' outbox once (the scheduler's call, every minute): what it sent, retried, gave up, and how long it took.",
  path: "/api/cron/deliver",
  access: "cron",
  cache: "none",
  response: z.unknown(),
});

export const cronMaintenance = endpoint({
  method: "GET",
  summary: "Runs the whole-table maintenance (the scheduler's call, hourly): thins old price snapshots, at most once an hour, in batches.",
  path: "/api/cron/maintenance",
  access: "cron",
  cache: "none",
  response: z.unknown(),
});
