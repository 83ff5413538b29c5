// Sending one alert to a linked Telegram chat (the outbox's "telegram" channel), and what the Bot
// API's answer means for the delivery row. The message is the firing's one line and a button to
// its page: only coin symbols and figures, nothing about the user.
import "server-only";
import { GrammyError, HttpError, type Api } from "grammy";
import { getSiteUrl } from "@/lib/config/site";
import type { Outcome } from "./outbox-outcome";

/** The button under every alert. */
export const OPEN_BUTTON = "Open on PulseCompare";

/**
 * Sends through the bot's Api, whose throttler keeps the process under Telegram's limits (30 a
 * second overall, 1 a second to one chat) and whose auto-retry waits out a 429 of up to 5 s in
 * line; anything longer comes back here as an error with parameters.retry_after.
 */
export async function sendTelegramAlert(api: Api, chatId: string, firing: { message: string; url: string }, signal?: AbortSignal): Promise<Outcome> {
  try {
    await api.sendMessage(
      chatId,
      firing.message,
      {
        reply_markup: { inline_keyboard: [[{ text: OPEN_BUTTON, url: `${getSiteUrl()}${firing.url}` }]] },
        link_preview_options: { is_disabled: true },
      },
      // The outbox's deadline for one send (an aborted call is an HttpError: retried later).
      // grammY types its signal with the abort-controller shim's class; Node's is what it uses.
      signal as Parameters<Api["sendMessage"]>[3],
    );
    return { status: "sent" };
  } catch (error) {
    return telegramOutcomeOf(error);
  }
}

/**
 * 403 (the user blocked the bot, or deleted their account) and 400 "chat not found" mean the chat
 * is gone for good: the row is gone and the link marked blocked. Telegram gives no code finer than
 * 400 for the second, so its description is read (its wording has been stable for years). 429 is
 * retried exactly at retry_after; 5xx and a dropped connection with the outbox's backoff; any
 * other 400 (a message Telegram refuses) would be refused again: failed.
 */
export function telegramOutcomeOf(error: unknown): Outcome {
  if (error instanceof GrammyError) {
    const reason = `${error.error_code} ${error.description}`;
    if (error.error_code === 403 || (error.error_code === 400 && /chat not found/i.test(error.description))) return { status: "gone", reason, chatGone: true };
    if (error.error_code === 429) return { status: "retry", reason, retryAfterS: error.parameters.retry_after ?? null, exact: true };
    if (error.error_code >= 500) return { status: "retry", reason, retryAfterS: null };
    return { status: "failed", reason };
  }
  // The Bot API did not answer (HttpError wraps fetch's failure); its message never carries the token.
  if (error instanceof HttpError) return { status: "retry", reason: "network error", retryAfterS: null };
  return { status: "retry", reason: error instanceof Error ? error.name : "unknown error", retryAfterS: null };
}
