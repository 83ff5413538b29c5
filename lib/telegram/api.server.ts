// The Bot API client every send goes through (command replies, inline answers, alert deliveries):
// grammY's Api with two transformers. The throttler (@grammyjs/transformer-throttler) keeps this
// process under Telegram's limits: 30 messages a second overall, 1 a second to one chat, 20 a
// minute to one group; sends over them wait their turn instead of drawing 429s. auto-retry
// honours a 429's retry_after when the wait is short; a longer one, a 5xx or a dropped connection
// fails the call at once (its own backoff would hold a webhook request for 20 s): the webhook
// answers 503 and Telegram sends the update again, and the alert outbox turns the error (and
// parameters.retry_after) into its own retry time. A third transformer keeps every message's text
// under Telegram's 4,096 characters (message-limit.ts), so no send is refused as too long.
import "server-only";
import { autoRetry } from "@grammyjs/auto-retry";
import { apiThrottler } from "@grammyjs/transformer-throttler";
import { Api, type Transformer } from "grammy";
import { telegramConfig } from "./config.server";
import { MAX_MESSAGE_CHARS, fitMessageText } from "./message-limit";

/** The longest retry_after waited in line; a longer one fails the call. */
export const MAX_INLINE_RETRY_S = 5;

/**
 * 30 a second overall, as the throttler's default, but spaced (one every 34 ms) instead of 30 at
 * the start of each second: two such bursts a few milliseconds apart across a second's edge make
 * 60 in one second as Telegram counts, and drew 429s (284 of 1,000 sends in the alert-delivery
 * bench, each waited out for a second: 22 a second; spaced, 4 to 10 and 28 a second).
 */
const GLOBAL_LIMIT = { reservoir: 30, reservoirRefreshAmount: 30, reservoirRefreshInterval: 1000, minTime: 34 };

/**
 * One throttler per process, installed on every Api this process sends with (the bot's replies and
 * the alert outbox's sends): its limits are shared, so the two together stay under Telegram's.
 */
let throttler: Transformer | undefined;

/** The methods whose `text` is a message's text, held to MAX_MESSAGE_CHARS. */
const MESSAGE_TEXT_METHODS = new Set(["sendMessage", "editMessageText"]);

/**
 * Cuts a message's text that is over Telegram's limit (fitMessageText) before it is sent, and says
 * so in the log (the method and the lengths: never the chat or the text), so the reply that grew
 * too long can be found and shortened where it is made.
 */
const fitMessages: Transformer = (prev, method, payload, signal) => {
  const params = payload as { text?: unknown; parse_mode?: unknown };
  if (!MESSAGE_TEXT_METHODS.has(method) || typeof params.text !== "string" || params.text.length <= MAX_MESSAGE_CHARS) return prev(method, payload, signal);
  const text = fitMessageText(params.text, params.parse_mode === "HTML");
  console.warn(`[telegram] ${method}: a text of ${params.text.length} characters was cut to ${text.length} (Telegram's limit is ${MAX_MESSAGE_CHARS})`);
  return prev(method, { ...payload, text } as typeof payload, signal);
};

/** Installs the process's throttler, auto-retry and the message-length guard on an Api (the bot's: lib/bot/bot.server.ts). */
export function configureTelegramApi(api: Api): Api {
  // The last transformer installed runs first: auto-retry wraps the throttler, so each retry goes
  // back through the throttler and waits its turn too.
  api.config.use((throttler ??= apiThrottler({ global: GLOBAL_LIMIT })));
  api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: MAX_INLINE_RETRY_S, rethrowInternalServerErrors: true, rethrowHttpErrors: true }));
  // Outermost: a retry sends the text already cut.
  api.config.use(fitMessages);
  return api;
}

let cached: { key: string; api: Api } | undefined;

/**
 * The process's Api for sends outside an update (the alert outbox), or null without a bot. Not the
 * bot itself: the outbox runs in the market pass, which needs none of the bot's commands (and
 * their imports: the listing bot reads the orders, which read the market).
 */
export function getTelegramApi(): Api | null {
  const config = telegramConfig();
  if (!config) return null;
  const key = [config.token, config.apiRoot].join("|");
  if (cached?.key !== key) cached = { key, api: configureTelegramApi(new Api(config.token, { apiRoot: config.apiRoot })) };
  return cached.api;
}
