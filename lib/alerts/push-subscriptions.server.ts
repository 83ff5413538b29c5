// A user's browsers that receive alerts (Web Push subscriptions). One per browser (endpoint) per
// user; scoped by the user's id like the rules. The endpoint is a capability (whoever holds it
// can push to that browser), so no answer carries it and nothing here logs it.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { findOrCreate } from "@/lib/db/find-or-create";
import { PUSH_SUBSCRIPTION_LIMIT, type pushSubscriptionBodySchema, type pushSubscriptionSchema } from "@/lib/alerts/schemas";
import type { z } from "@/lib/shared/zod";
import { browserLabel } from "./browser-label";
import { checkPushEndpoint } from "./push-endpoint-check.server";
import { requireVapidDetails } from "./web-push.server";

export type PushSubscriptionView = z.infer<typeof pushSubscriptionSchema>;
type Body = z.infer<typeof pushSubscriptionBodySchema>;

const SHOWN = { id: true, label: true, createdAt: true } as const;
const toView = (row: { id: number; label: string; createdAt: Date }): PushSubscriptionView => ({ id: row.id, label: row.label, createdAt: row.createdAt.toISOString() });

/** Oldest first. */
export async function listPushSubscriptions(db: PrismaClient, userId: number): Promise<PushSubscriptionView[]> {
  const rows = await db.pushSubscription.findMany({ where: { userId }, select: SHOWN, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(toView);
}

/**
 * Adds this browser's subscription, labelled from its User-Agent; adding it again returns the
 * row there is (`created` false). Concurrent adds race on the unique (userId, endpoint) index and
 * the losers re-read the winner's row. Without VAPID keys nothing could ever be sent to it: 503.
 * An endpoint that is not a push service's is a 400 naming `endpoint` (push-endpoint-check.server.ts).
 *
 * At most PUSH_SUBSCRIPTION_LIMIT per user: the insert and the removal of the oldest beyond the
 * limit are one transaction, and SQLite (and sqld) run write transactions one at a time, so every
 * committed state holds at most 10, however many adds race. Deliveries still pending for a removed
 * browser become "gone", as for a browser removed on /alerts.
 */
export async function addPushSubscription(
  db: PrismaClient,
  userId: number,
  body: Body,
  userAgent: string | null,
): Promise<{ subscription: PushSubscriptionView; created: boolean }> {
  requireVapidDetails();
  await checkPushEndpoint(body.endpoint);
  const { row, created } = await findOrCreate(
    () => db.pushSubscription.findUnique({ where: { userId_endpoint: { userId, endpoint: body.endpoint } }, select: SHOWN }),
    async () => {
      const [row] = await db.$transaction([
        db.pushSubscription.create({
          data: { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, label: browserLabel(userAgent) },
          select: SHOWN,
        }),
        // The newest by id (ids only grow), the new row among them.
        db.$executeRaw`DELETE FROM "PushSubscription" WHERE "userId" = ${userId} AND "id" NOT IN (
          SELECT "id" FROM "PushSubscription" WHERE "userId" = ${userId} ORDER BY "id" DESC LIMIT ${PUSH_SUBSCRIPTION_LIMIT})`,
      ]);
      return row;
    },
  );
  return { subscription: toView(row), created };
}

/**
 * Removes one of the user's subscriptions; false when they have none with that id. Deliveries
 * still pending for it keep their rows with no subscription (the foreign key sets it null), and
 * the delivery worker marks them gone.
 */
export async function removePushSubscription(db: PrismaClient, userId: number, id: number): Promise<boolean> {
  const { count } = await db.pushSubscription.deleteMany({ where: { id, userId } });
  return count > 0;
}
