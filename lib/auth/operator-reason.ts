// An operator's reason for a write someone else will read (a buyer's rejected order) or an audit
// will (a corrected all-time high): written out, trimmed, at most MAX_REASON_LENGTH characters.
import { z } from "../shared/zod";

export const MAX_REASON_LENGTH = 500;

/** `missing` is the message for an empty reason, saying who reads it. */
export function operatorReasonSchema(missing: string) {
  return z.string().trim().min(1, missing).max(MAX_REASON_LENGTH, `A reason is at most ${MAX_REASON_LENGTH} characters.`);
}
