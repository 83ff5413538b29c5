// Shapes of the operator's order queue (the admin page's orders): the list with each order's
// payment and X-post tasks, and the writes (reject, cancel a quote, record a refund, mark a task done).
import { ORDER_STATUSES, type OrderStatus } from "@/lib/orders/status";
import { orderIdSchema, orderSchema, txHashSchema } from "./schemas";
import { operatorReasonSchema } from "../auth/operator-reason";
import { rowIdSchema } from "../shared/row-id";
import { z } from "../shared/zod";

/**
 * Paid orders an operator may reject: live ones (the listing comes down), those in review, and a
 * paid one whose fulfilment stopped half-way. A quote nobody paid expires by itself.
 */
export const REJECTABLE_STATUSES = ["paid", "live", "review"] as const satisfies readonly OrderStatus[];

/** Paid orders whose refund may be recorded: a live (or paid) order is rejected first. */
export const REFUNDABLE_STATUSES = ["review", "rejected"] as const satisfies readonly OrderStatus[];

export const ORDER_TASK_KINDS = ["listed-post", "compare-post"] as const;
export type OrderTaskKind = (typeof ORDER_TASK_KINDS)[number];

/** GET /api/admin/orders?status=review: one status, or every order when left out. */
export const operatorOrdersQuerySchema = z.strictObject({ status: z.enum(ORDER_STATUSES).optional() });
export type OperatorOrdersQuery = z.input<typeof operatorOrdersQuerySchema>;

export const orderTaskSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ORDER_TASK_KINDS),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  /** The operator's wallet that marked it done. */
  doneBy: z.string().nullable(),
});
export type OrderTask = z.infer<typeof orderTaskSchema>;

/** An order as the operator sees it: the buyer's view plus who paid and what is owed. */
export const operatorOrderSchema = orderSchema.extend({
  /** The buyer's wallet: where a refund goes. */
  buyer: z.string(),
  refundTx: z.string().nullable(),
  refundedWei: z.string().nullable(),
  tasks: z.array(orderTaskSchema),
});
export type OperatorOrder = z.infer<typeof operatorOrderSchema>;
export const operatorOrderListSchema = z.array(operatorOrderSchema);

/** POST /api/admin/orders/{id}/reject: the reason is shown to the buyer as written. */
export const rejectOrderBodySchema = z.strictObject({ reason: operatorReasonSchema("Give the reason the buyer will see.") });
export type RejectOrderInput = z.input<typeof rejectOrderBodySchema>;

/**
 * POST /api/admin/orders/{id}/cancel: an unpaid quote (a stuck payment's, say) closed by the
 * operator; the reason is shown to the buyer as written.
 */
export const cancelOrderBodySchema = z.strictObject({ reason: operatorReasonSchema("Give the reason the buyer will see.") });
export type CancelOrderInput = z.input<typeof cancelOrderBodySchema>;

/** POST /api/admin/orders/{id}/refund: the refund's transaction, which the server reads on chain. */
export const recordRefundBodySchema = z.strictObject({ txHash: txHashSchema });
export type RecordRefundInput = z.input<typeof recordRefundBodySchema>;

/** Path parameters: an order's id, a task's id. */
export const operatorOrderIdSchema = orderIdSchema;
export const orderTaskIdSchema = rowIdSchema;
