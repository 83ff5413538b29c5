// Shapes of the operator queue's unmatched transfers: PLS sent to a payment address that paid no
// order (lib/orders/unmatched.server.ts), and the operator's 'Mark handled'.
import { rowIdSchema } from "../shared/row-id";
import { z } from "../shared/zod";

export const unmatchedTransferSchema = z.object({
  id: z.number().int(),
  /** The transaction; null for PLS that arrived with no transaction to the address (through a contract). */
  txHash: z.string().nullable(),
  from: z.string().nullable(),
  /** The payment address it reached. */
  to: z.string(),
  valueWei: z.string(),
  blockNumber: z.number().int(),
  minedAt: z.string(),
  /** Why it paid no order, in the operator's words. */
  reason: z.string(),
  handledAt: z.string().nullable(),
  /** The operator's wallet that marked it handled. */
  handledBy: z.string().nullable(),
});
export type UnmatchedTransfer = z.infer<typeof unmatchedTransferSchema>;
export const unmatchedTransferListSchema = z.array(unmatchedTransferSchema);

/** Path parameter: an unmatched transfer's id. */
export const unmatchedTransferIdSchema = rowIdSchema;
