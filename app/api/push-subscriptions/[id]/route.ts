import { endpoints } from "@/lib/api/contract";
import { DomainError } from "@/lib/errors/domain-error";
import { methods, route } from "@/lib/api/route.server";
import { removePushSubscription } from "@/lib/alerts/push-subscriptions.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: route(endpoints.removePushSubscription, async ({ params, user }) => {
    if (!(await removePushSubscription(getDb(), user.id, params.id))) {
      throw new DomainError("not_found", endpoints.removePushSubscription.notFound({ id: String(params.id) }));
    }
  }),
});
