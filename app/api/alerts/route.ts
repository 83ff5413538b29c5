import { endpoints } from "@/lib/api/contract";
import { created, methods, route } from "@/lib/api/route.server";
import { createAlertRule, listAlertRules } from "@/lib/alerts/rules.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.alerts, ({ user }) => listAlertRules(getDb(), user.id)),
  POST: route(endpoints.createAlert, async ({ user, body }) => created(await createAlertRule(getDb(), user.id, body))),
});
