// Alerts (issue 39): a signed-in user's rules, what fired, and the browsers that receive them. Each
// declaration is the one the server's wrapper enforces, the OpenAPI document describes and the
// browser's client calls (lib/contract/endpoint.ts says how).
import { endpoint, noContentSchema, noQuerySchema, oneRow } from "@/lib/contract/endpoint";
import {
  alertFiringListSchema,
  alertIdSchema,
  alertRuleListSchema,
  alertRuleSchema,
  createAlertBodySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionIdSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
  testNotificationSchema,
  updateAlertBodySchema,
  vapidKeySchema,
} from "./schemas";

export const alerts = endpoint({
  method: "GET",
  summary: "The user's alert rules, oldest first, each with its state (armed, waiting to re-arm, waiting for a market cap, paused, coin gone).",
  path: "/api/alerts",
  access: "user",
  cache: "private",
  query: noQuerySchema,
  response: alertRuleListSchema,
});

export const createAlert = endpoint({
  method: "POST",
  summary: "Creates an alert rule (at most 50 per user): a coin reaching a multiple of another's market cap or all-time-high market cap, a price or market cap crossing a level, a new all-time high, or a 24h move.",
  path: "/api/alerts",
  access: "user",
  cache: "private",
  body: createAlertBodySchema,
  rateLimit: "account-write",
  response: alertRuleSchema,
});

export const updateAlert = endpoint({
  method: "PATCH",
  summary: "Pauses or resumes one of the user's alert rules.",
  path: "/api/alerts/:id",
  access: "user",
  cache: "private",
  // Someone else's rule is "not found" too.
  ...oneRow(alertIdSchema, "You have no alert"),
  body: updateAlertBodySchema,
  rateLimit: "account-write",
  response: alertRuleSchema,
});

export const deleteAlert = endpoint({
  method: "DELETE",
  summary: "Deletes one of the user's alert rules and its firings.",
  path: "/api/alerts/:id",
  access: "user",
  cache: "private",
  ...oneRow(alertIdSchema, "You have no alert"),
  rateLimit: "account-write",
  response: noContentSchema,
});

export const alertFirings = endpoint({
  method: "GET",
  summary: "The user's last 50 alert firings, newest first, each with its delivery status per channel.",
  path: "/api/alert-firings",
  access: "user",
  cache: "private",
  query: noQuerySchema,
  response: alertFiringListSchema,
});

export const testNotification = endpoint({
  method: "POST",
  summary: "Sends a test notification to each of the user's browsers with alerts on.",
  path: "/api/alerts/test",
  access: "user",
  cache: "private",
  rateLimit: "test-notification",
  response: testNotificationSchema,
});

export const pushSubscriptions = endpoint({
  method: "GET",
  summary: "The browsers that receive the user's alerts (a label each; never the push endpoint).",
  path: "/api/push-subscriptions",
  access: "user",
  cache: "private",
  query: noQuerySchema,
  response: pushSubscriptionListSchema,
});

export const addPushSubscription = endpoint({
  method: "POST",
  summary: "Adds this browser's Web Push subscription (one per browser per user; adding it again changes nothing; at most 10, an eleventh replaces the oldest). The endpoint must be a push service's (400 naming it otherwise).",
  path: "/api/push-subscriptions",
  access: "user",
  cache: "private",
  body: pushSubscriptionBodySchema,
  rateLimit: "account-write",
  response: pushSubscriptionSchema,
});

export const removePushSubscription = endpoint({
  method: "DELETE",
  summary: "Removes one of the user's browser subscriptions.",
  path: "/api/push-subscriptions/:id",
  access: "user",
  cache: "private",
  ...oneRow(pushSubscriptionIdSchema, "You have no browser subscription"),
  rateLimit: "account-write",
  response: noContentSchema,
});

export const vapidKey = endpoint({
  method: "GET",
  summary: "The server's VAPID public key for Web Push subscriptions (null when browser alerts are not configured).",
  path: "/api/push/vapid-key",
  access: "public",
  cache: "public",
  query: noQuerySchema,
  response: vapidKeySchema,
});
