// The posts on X a listing plan includes (lib/orders/catalog.ts): the operator owes them once the
// order is live, so each is a task in the operator's queue until marked done.
import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import type { OrderTask as OrderTaskRow } from "@/lib/generated/prisma/client";
import type { OrderTask, OrderTaskKind } from "@/lib/orders/operator-schemas";
import { LISTING_PLANS } from "./catalog";

/**
 * The tasks a plan owes: one "Listed post on X" and its compare posts, numbered per kind. A slot
 * alone owes none. The numbers are part of a unique key, so an order never gets a second set.
 */
export function tasksOwed(plan: string | null): { kind: OrderTaskKind; seq: number }[] {
  const owed = LISTING_PLANS.find((p) => p.id === plan);
  if (!owed) return [];
  const comparePosts = Array.from({ length: owed.compareXPosts }, (_, i) => ({ kind: "compare-post" as const, seq: i + 1 }));
  return [{ kind: "listed-post", seq: 1 }, ...comparePosts];
}

export function toOrderTask(row: OrderTaskRow): OrderTask {
  return {
    id: row.id,
    kind: row.kind as OrderTaskKind,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
    doneBy: row.doneBy,
  };
}

/**
 * Marks a task done by `operator`. Idempotent: a task already done keeps who did it and when
 * (two operators pressing 'done' at once is not an error). 404 when there is no such task.
 */
export async function markTaskDone(db: PrismaClient, taskId: number, operator: string, now = new Date()): Promise<OrderTask> {
  await db.orderTask.updateMany({ where: { id: taskId, doneAt: null }, data: { doneAt: now, doneBy: operator } });
  const task = await db.orderTask.findUnique({ where: { id: taskId } });
  if (!task) throw new DomainError("not_found", `No order task with id ${taskId}.`);
  return toOrderTask(task);
}
