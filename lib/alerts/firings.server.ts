// What a user's rules fired, for /alerts: the last 50, newest first, each with how every
// channel's delivery went. Scoped by the user's id like the rules.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import type { AlertFiringView } from "@/lib/alerts/schemas";

export const FIRINGS_SHOWN = 50;

/** A browser removed after the firing keeps its delivery row (subscriptionId set null) under this name. */
export const REMOVED_BROWSER = "Removed browser";
/** A Telegram delivery's target: the user has one chat, and its id is never shown. */
export const TELEGRAM_TARGET = "Telegram";

export async function listAlertFirings(db: PrismaClient, userId: number): Promise<AlertFiringView[]> {
  const rows = await db.alertFiring.findMany({
    where: { userId },
    orderBy: [{ firedAt: "desc" }, { id: "desc" }],
    take: FIRINGS_SHOWN,
    include: { deliveries: { orderBy: { id: "asc" }, include: { subscription: { select: { label: true } } } } },
  });
  return rows.map((row) => ({
    id: row.id,
    ruleId: row.ruleId,
    firedAt: row.firedAt.toISOString(),
    message: row.message,
    url: row.url,
    value: row.value,
    suppressed: row.suppressed as AlertFiringView["suppressed"],
    deliveries: row.deliveries.map((delivery) => ({
      channel: delivery.channel as AlertFiringView["deliveries"][number]["channel"],
      target: delivery.channel === "telegram" ? TELEGRAM_TARGET : (delivery.subscription?.label ?? REMOVED_BROWSER),
      status: delivery.status as AlertFiringView["deliveries"][number]["status"],
      attempts: delivery.attempts,
      sentAt: delivery.sentAt?.toISOString() ?? null,
    })),
  }));
}
