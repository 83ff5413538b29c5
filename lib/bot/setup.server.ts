// `npm run telegram:setup`: points Telegram at the site's webhook and sets the command menu. Run
// once per deployment (and again when the site's address, the secret or the commands change).
// Pending updates are kept (drop_pending_updates: false): an update sent while the webhook moved
// is still answered.
import "server-only";
import { Api } from "grammy";
import { getEnv } from "@/lib/config/env";
import { ALLOWED_UPDATES, BOT_COMMANDS, WEBHOOK_PATH } from "./commands";
import { telegramConfig } from "../telegram/config.server";

export class TelegramSetupError extends Error {}

export type SetupOutcome = { webhookUrl: string; commands: string[] };

/** What setUpTelegram will use, or a TelegramSetupError saying which variable is missing. */
export function setupSettings(): { token: string; apiRoot: string; secret: string; webhookUrl: string } {
  const config = telegramConfig();
  if (!config) throw new TelegramSetupError("TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME must be set (from BotFather): no bot is configured.");
  if (!config.webhookSecret) throw new TelegramSetupError("TELEGRAM_WEBHOOK_SECRET must be set: the webhook refuses every update without it (16-256 of A-Z a-z 0-9 _ -, e.g. `openssl rand -hex 32`).");
  // The site's public address, not a fallback: Telegram must reach it, over HTTPS.
  const site = getEnv().NEXT_PUBLIC_SITE_URL?.replace(/\/+$/, "");
  if (!site) throw new TelegramSetupError("NEXT_PUBLIC_SITE_URL must be set to the site's public https:// address: Telegram sends updates to <it>/api/telegram.");
  if (!site.startsWith("https://")) throw new TelegramSetupError(`NEXT_PUBLIC_SITE_URL is ${site}: Telegram sends webhooks only to an https:// address.`);
  return { token: config.token, apiRoot: config.apiRoot, secret: config.webhookSecret, webhookUrl: `${site}${WEBHOOK_PATH}` };
}

export async function setUpTelegram(): Promise<SetupOutcome> {
  const settings = setupSettings();
  const api = new Api(settings.token, { apiRoot: settings.apiRoot });
  await api.setWebhook(settings.webhookUrl, { secret_token: settings.secret, allowed_updates: [...ALLOWED_UPDATES], drop_pending_updates: false });
  await api.setMyCommands([...BOT_COMMANDS]);
  return { webhookUrl: settings.webhookUrl, commands: BOT_COMMANDS.map((command) => `/${command.command}`) };
}
