import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { vapidPublicKey } from "@/lib/alerts/web-push.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.vapidKey, async () => ({ publicKey: vapidPublicKey() })),
});
