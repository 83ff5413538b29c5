import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { listAlertFirings } from "@/lib/alerts/firings.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.alertFirings, ({ user }) => listAlertFirings(getDb(), user.id)),
});
