// A database row's id in a path ("/api/orders/12/payment"): a positive whole number in decimal,
// no sign, no leading zero, within what a JS number holds exactly.
import { z } from "./zod";

export const rowIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER));
