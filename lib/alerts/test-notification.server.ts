// "Send a test notification" on /alerts: straight to each of the user's browsers, not through the
// outbox (nothing fired; the user is waiting on the page for the answer).
import "server-only";
import type { Agent } from "node:https";
import type { PrismaClient } from "@/lib/db/create-client";
import { runInOrder } from "@/lib/shared/in-batches";
import { outcomeOf } from "./outbox.server";
import { PUSH_DEADLINE_MS } from "./push-request.server";
import { PUSH_TITLE, requireVapidDetails, sendPush } from "./web-push.server";

export const TEST_NOTIFICATION_BODY = "Test notification from PulseCompare";

/**
 * Sends the test to every subscription of the user and counts the answers. A browser whose push
 * service says it is gone (404, 410: the outbox's outcomeOf) is removed here too, as the outbox does.
 * One deadline for the whole request, the outbox's per send (PUSH_DEADLINE_MS, 10 s): the user is
 * waiting on the page, and a slow push service must not hold a web server's request longer; a
 * browser not answered by then counts as failed.
 */
export async function sendTestNotification(
  db: PrismaClient,
  userId: number,
  options: { agent?: Agent; log?: (line: string) => void; deadlineMs?: number } = {},
): Promise<{ subscriptions: number; sent: number; failed: number }> {
  requireVapidDetails();
  const log = options.log ?? ((line: string) => console.info(line));
  const subscriptions = await db.pushSubscription.findMany({ where: { userId }, orderBy: { id: "asc" } });
  const deadline = AbortSignal.timeout(options.deadlineMs ?? PUSH_DEADLINE_MS);
  let sent = 0;
  await runInOrder(subscriptions.length, 4, async (index) => {
    const subscription = subscriptions[index]!;
    if (deadline.aborted) return;
    const result = await sendPush(subscription, { title: PUSH_TITLE, body: TEST_NOTIFICATION_BODY, url: "/alerts", tag: "test" }, { agent: options.agent, signal: deadline, deadlineMs: options.deadlineMs });
    if (result.ok) {
      sent++;
      return;
    }
    if (outcomeOf(result).status === "gone") {
      await db.pushSubscription.deleteMany({ where: { id: subscription.id } });
      log(`[alerts] test notification: subscription ${subscription.id} gone (${result.status ? `HTTP ${result.status}` : result.error}), removed`);
    } else {
      log(`[alerts] test notification: subscription ${subscription.id} failed (${result.status ? `HTTP ${result.status}` : result.error})`);
    }
  });
  return { subscriptions: subscriptions.length, sent, failed: subscriptions.length - sent };
}
