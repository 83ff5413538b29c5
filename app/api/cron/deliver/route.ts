// Vercel's delivery cadence (vercel.json, every minute): one drain of the alerts' outbox, the
// same job the worker and the Node host run every 10 s (lib/jobs/deliver.server.ts). A drain
// ends by its budget (DRAIN_BUDGET_MS, 40 s), within the route's maxDuration.
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { deliverAlerts } from "@/lib/jobs/deliver.server";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.cronDeliver, () => deliverAlerts(getDb())),
});
