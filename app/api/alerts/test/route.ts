import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { sendTestNotification } from "@/lib/alerts/test-notification.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.testNotification, ({ user }) => sendTestNotification(getDb(), user.id)),
});
