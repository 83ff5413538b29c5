// The bot's configuration, from the environment (lib/config/env.ts): null when no bot is set up
// (no TELEGRAM_BOT_TOKEN or TELEGRAM_BOT_USERNAME), and then nothing Telegram-related runs.
import "server-only";
import { getEnv } from "@/lib/config/env";

export type TelegramConfig = {
  token: string;
  /** Without "@": t.me links and the commands' "@bot" suffix. */
  username: string;
  /** The webhook's secret header; without it the webhook refuses every update. */
  webhookSecret: string | null;
  apiRoot: string;
};

export function telegramConfig(): TelegramConfig | null {
  const env = getEnv();
  if (!env.TELEGRAM_BOT_TOKEN || !env.TELEGRAM_BOT_USERNAME) return null;
  return { token: env.TELEGRAM_BOT_TOKEN, username: env.TELEGRAM_BOT_USERNAME, webhookSecret: env.TELEGRAM_WEBHOOK_SECRET ?? null, apiRoot: env.TELEGRAM_API_ROOT };
}

/** https://t.me/<bot>, with ?start=<payload> when given (a deep link that opens the chat with /start <payload>). */
export function botLink(username: string, start?: string): string {
  return `https://t.me/${username}${start ? `?start=${encodeURIComponent(start)}` : ""}`;
}
