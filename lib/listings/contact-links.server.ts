// Where the Contact dialog's configurable channels lead, from the server's environment: the
// Telegram Listing Bot when a bot is set up (TELEGRAM_BOT_TOKEN + TELEGRAM_BOT_USERNAME), the
// operator's Telegram (CONTACT_TELEGRAM_URL) and mail (CONTACT_EMAIL). Read by the Get Listed page
// when it renders (a cached page, rebuilt every 20 s) and handed to the dialog as props, so no
// NEXT_PUBLIC_ variable bakes them into the build's scripts.
import "server-only";
import type { ContactLinks } from "./contact-links";
import { getEnv } from "@/lib/config/env";
import { botLink, telegramConfig } from "@/lib/telegram/config.server";

export function contactLinks(): ContactLinks {
  const env = getEnv();
  const bot = telegramConfig();
  return {
    listingBot: bot ? botLink(bot.username, "list") : undefined,
    telegram: env.CONTACT_TELEGRAM_URL,
    mail: env.CONTACT_EMAIL ? `mailto:${env.CONTACT_EMAIL}` : undefined,
  };
}
