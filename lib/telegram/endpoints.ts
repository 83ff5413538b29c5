// Telegram (issue 40): the bot's webhook, and the user's chat for alerts. Each declaration is the
// one the server's wrapper enforces, the OpenAPI document describes and the browser's client calls
// (lib/contract/endpoint.ts says how).
import { endpoint, noContentSchema, noQuerySchema } from "@/lib/contract/endpoint";
import { z } from "@/lib/shared/zod";
import { telegramConnectSchema, telegramLinkSchema, telegramUpdateSchema } from "./schemas";

export const telegramWebhook = endpoint({
  method: "POST",
  summary: "Telegram's webhook: one update (a command, an inline query, a button), answered through the Bot API; each update_id is handled once.",
  path: "/api/telegram",
  access: "telegram",
  cache: "none",
  body: telegramUpdateSchema,
  response: z.object({ ok: z.literal(true) }),
});

export const telegramLink = endpoint({
  method: "GET",
  summary: "The user's Telegram chat for alerts: linked, blocked, stopped or none (never the chat id), and the bot's username (null without a bot).",
  path: "/api/telegram/link",
  access: "user",
  cache: "private",
  query: noQuerySchema,
  response: telegramLinkSchema,
});

export const connectTelegram = endpoint({
  method: "POST",
  summary: "A one-time link (10 minutes, single use) that links the Telegram chat opening it to this user; 503 telegram_unavailable without a bot.",
  path: "/api/telegram/link",
  access: "user",
  cache: "private",
  rateLimit: "account-write",
  response: telegramConnectSchema,
});

export const unlinkTelegram = endpoint({
  method: "DELETE",
  summary: "Unlinks the user's Telegram chat: alerts stop going there.",
  path: "/api/telegram/link",
  access: "user",
  cache: "private",
  rateLimit: "account-write",
  response: noContentSchema,
});
