// Shapes of the alerts API (issue 39): rule bodies, which the route handlers validate, and the
// answers the /alerts page parses. Amounts may be typed as the site's other amounts are ("1.5m",
// "$100B"; lib/compare/typed-number.ts) or sent as numbers.
import { z } from "../shared/zod";
import { rowIdSchema } from "../shared/row-id";
import { coinIdSchema } from "../coins/schemas";
import { typedNumberSchema } from "../compare/choice-schema";
import { MARKET_CAP_RULES, PRICE_RULES } from "../compare/typed-number";

/** At most this many rules per user (a 409 `too_many_alerts` beyond). */
export const ALERT_RULE_LIMIT = 50;

/**
 * At most this many browsers per user receive alerts (issue 50): an eleventh replaces the oldest.
 * Every firing writes one delivery per browser, so the count bounds what one account can make the
 * outbox send; 10 is more browsers and devices than one person uses.
 */
export const PUSH_SUBSCRIPTION_LIMIT = 10;

export const ALERT_KINDS = ["reach", "reach_ath", "price", "market_cap", "new_ath", "move_24h"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const alertDirectionSchema = z.enum(["above", "below"]);
export type AlertDirection = z.infer<typeof alertDirectionSchema>;

/** "Half of B's" is 0.5; a million times is past any real pair. */
const multipleSchema = z.number().finite().min(0.000001).max(1_000_000);

export const createAlertBodySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("reach"), coinId: coinIdSchema, otherCoinId: coinIdSchema, multiple: multipleSchema.default(1) }).strict(),
  z.object({ kind: z.literal("reach_ath"), coinId: coinIdSchema, otherCoinId: coinIdSchema, multiple: multipleSchema.default(1) }).strict(),
  z.object({ kind: z.literal("price"), coinId: coinIdSchema, direction: alertDirectionSchema, level: typedNumberSchema(PRICE_RULES) }).strict(),
  z.object({ kind: z.literal("market_cap"), coinId: coinIdSchema, direction: alertDirectionSchema, level: typedNumberSchema(MARKET_CAP_RULES) }).strict(),
  z.object({ kind: z.literal("new_ath"), coinId: coinIdSchema }).strict(),
  z.object({ kind: z.literal("move_24h"), coinId: coinIdSchema, percent: z.number().finite().min(1).max(1000) }).strict(),
]);
export type CreateAlertBody = z.infer<typeof createAlertBodySchema>;

/** PATCH /api/alerts/{id}: pause or resume. */
export const updateAlertBodySchema = z.object({ paused: z.boolean() }).strict();

export const alertIdSchema = rowIdSchema;

/** A coin as a rule names it: the live coin's symbol and name, or the stored ones when it is gone. */
export const alertCoinSchema = z.object({ id: coinIdSchema, symbol: z.string(), name: z.string(), gone: z.boolean() });

/**
 * armed: the next crossing fires; waiting: it fired and waits for the value to go back past the
 * re-arm margin; waiting_for_market_cap: a reach rule made while a coin had no market cap (B no
 * high, for reach_ath), not armed until a pass sees both, then set against them as if new (it fires
 * only on a crossing after that); paused: the user paused it; coin_gone: a coin it names was
 * removed (it fires no more).
 */
export const alertStateSchema = z.enum(["armed", "waiting", "waiting_for_market_cap", "paused", "coin_gone"]);

export const alertRuleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  coin: alertCoinSchema,
  otherCoin: alertCoinSchema.nullable(),
  direction: alertDirectionSchema.nullable(),
  /** The multiple (reach kinds), price or market cap in USD, or percent (move_24h); null for new_ath. */
  level: z.number().nullable(),
  /** What it waits for, in a line: "PLSX reaches 50% of HEX's market cap". */
  description: z.string(),
  state: alertStateSchema,
  /**
   * In state waiting_for_market_cap, the ids of its coins with no market cap yet (for B of a
   * reach_ath rule: no all-time-high market cap); empty otherwise, and once both have one (the
   * next pass that publishes either arms it).
   */
  waitingFor: z.array(coinIdSchema),
  lastFiredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type AlertRuleView = z.infer<typeof alertRuleSchema>;
export const alertRuleListSchema = z.array(alertRuleSchema);

export const deliveryStatusSchema = z.enum(["pending", "sent", "failed", "gone"]);

export const alertFiringSchema = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  firedAt: z.iso.datetime(),
  /** The one line every channel says, and the page it opens. */
  message: z.string(),
  url: z.string(),
  value: z.number(),
  /** "daily_cap": over the user's daily cap, kept here but sent nowhere. */
  suppressed: z.enum(["daily_cap"]).nullable(),
  deliveries: z.array(
    z.object({
      channel: z.enum(["webpush", "telegram"]),
      /** The browser's label ("Chrome on Linux"), "Removed browser", or "Telegram" (the linked chat). */
      target: z.string(),
      status: deliveryStatusSchema,
      attempts: z.number().int(),
      sentAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type AlertFiringView = z.infer<typeof alertFiringSchema>;
/** The last 50, newest first. */
export const alertFiringListSchema = z.array(alertFiringSchema);

const base64url = (min: number, max: number) => z.string().min(min).max(max).regex(/^[A-Za-z0-9_-]+=*$/, "Expected base64url.");

/** POST /api/push-subscriptions: what PushSubscription.toJSON() gives in the browser. */
export const pushSubscriptionBodySchema = z
  .object({
    endpoint: z.url({ protocol: /^https$/ }).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }).strict(),
  })
  .strict();

export const pushSubscriptionSchema = z.object({ id: z.number().int(), label: z.string(), createdAt: z.iso.datetime() });
export const pushSubscriptionListSchema = z.array(pushSubscriptionSchema);
export const pushSubscriptionIdSchema = rowIdSchema;

/** GET /api/push/vapid-key: null when the server has no VAPID keys (browser alerts are off). */
export const vapidKeySchema = z.object({ publicKey: z.string().nullable() });

/** POST /api/alerts/test: how many of the user's browsers the test went to. */
export const testNotificationSchema = z.object({ subscriptions: z.number().int(), sent: z.number().int(), failed: z.number().int() });
