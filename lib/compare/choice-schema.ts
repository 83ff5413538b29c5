// A comparison's choices (target-param.ts: ?target=ath, ?mcap=100b, ?on=2026-11-20, ?hold=1.5m) as
// a schema, for callers that send them as data rather than in a page's address: the MCP server's
// `compare` tool (lib/mcp). Typed numbers parse as the page's fields parse them (typed-number.ts),
// and an alert's level is one too (lib/alerts/schemas.ts). Pure.
import { z } from "../shared/zod";
import { parseDayKey } from "../shared/utc-day";
import { AMOUNT_RULES, MARKET_CAP_RULES, parseTypedNumber, type TypedNumberRules } from "./typed-number";

/** A typed amount ("1.5m", "$100B") or a number, as a positive number within the rules' bounds. */
export const typedNumberSchema = (rules: TypedNumberRules) =>
  z.union([z.number(), z.string().max(40)]).transform((input, ctx) => {
    if (typeof input === "number") {
      if (Number.isFinite(input) && input > 0 && input <= rules.max) return input;
      ctx.addIssue({ code: "custom", message: `Enter ${rules.noun === "amount" ? "an amount" : `a ${rules.noun}`} above 0 and at most ${rules.max}.` });
      return z.NEVER;
    }
    const typed = parseTypedNumber(input, rules);
    if (typed.kind === "ok") return typed.value;
    ctx.addIssue({ code: "custom", message: typed.kind === "empty" ? `Enter a ${rules.noun}.` : typed.reason });
    return z.NEVER;
  });

/** A UTC day of the calendar as the date target's address writes it: "2026-11-20". */
export const dayTextSchema = z.string().refine((text) => parseDayKey(text) === text, { message: "Give a day of the calendar as YYYY-MM-DD (UTC)." });

/**
 * The target and the amount held, named as the pair page's address names them. As on the page, a
 * typed market cap (`mcap`) wins over a day (`on`), and both over `target`; none is today's cap.
 */
export const pairChoicesSchema = z
  .object({
    target: z.enum(["today", "ath"], { error: 'target is "today" or "ath" (for a typed market cap give mcap, for a day give on).' }).optional(),
    mcap: typedNumberSchema(MARKET_CAP_RULES).optional(),
    on: dayTextSchema.optional(),
    hold: typedNumberSchema(AMOUNT_RULES).optional(),
  })
  .strict();
export type PairChoices = z.output<typeof pairChoicesSchema>;
