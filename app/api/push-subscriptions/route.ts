import { endpoints } from "@/lib/api/contract";
import { Reply, methods, route } from "@/lib/api/route.server";
import { addPushSubscription, listPushSubscriptions } from "@/lib/alerts/push-subscriptions.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.pushSubscriptions, ({ user }) => listPushSubscriptions(getDb(), user.id)),
  POST: route(endpoints.addPushSubscription, async ({ request, user, body }) => {
    const { subscription, created } = await addPushSubscription(getDb(), user.id, body, request.headers.get("user-agent"));
    return new Reply(subscription, created ? 201 : 200);
  }),
});
