// The operator's unmatched transfers as GET /api/admin/orders/unmatched answers them, for the
// admin page's component tests (lib/orders/unmatched-schemas.ts).
import type { UnmatchedTransfer, UnmatchedTransfers } from "@/lib/orders/unmatched-schemas";

export const unmatchedAnswer = (transfers: UnmatchedTransfer[], dust: Partial<UnmatchedTransfers["dust"]> = {}): UnmatchedTransfers => ({
  transfers,
  dust: { count: 0, since: null, floorWei: "1000000000000000000", ...dust },
});

/** Nothing unmatched, no dust. */
export const NO_UNMATCHED = unmatchedAnswer([]);
