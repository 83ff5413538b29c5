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
/**
 * The operator's list: the unhandled transfers (newest first, at most 200) and the unhandled ones
 * under the dust floor counted, not listed: `since` is the oldest one's time (null when none).
 */
export const unmatchedTransfersSchema = z.object({
  transfers: z.array(unmatchedTransferSchema),
  dust: z.object({ count: z.number().int(), since: z.string().nullable(), floorWei: z.string() }),
});
export type UnmatchedTransfers = z.infer<typeof unmatchedTransfersSchema>;

/** Path parameter: an unmatched transfer's id. */
export const unmatchedTransferIdSchema = rowIdSchema;
