// The whole-table maintenance for deploys without a worker (vercel.json, hourly; a Node host's
// own scheduler): the same job the worker runs (lib/jobs/maintenance.server.ts), in batches that
// yield, so the instance answering it keeps answering others.
import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { runMaintenance } from "@/lib/jobs/maintenance.server";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.cronMaintenance, () => runMaintenance(getDb())),
});
