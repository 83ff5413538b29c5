// The bot: one grammY Bot per process, built from the environment on first use. Updates come in
// through the webhook route (app/api/telegram/route.ts, handle-update.server.ts); sends go out
// through bot.api, throttled and retried (api.server.ts). What the bot does lives in one module per
// feature, each registering its handlers here:
//   answers.server.ts  /compare, /price, /ath, /top, /help, inline queries (the site's answers)
//   linking.server.ts  /start <token>, /alerts, /stop (alerts delivered to a linked chat)
//   listing.server.ts  /list 0x… and /start list (the Telegram Listing Bot)
import "server-only";
import { Bot, type Context } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { configureTelegramApi } from "../telegram/api.server";
import { registerAnswers, sendHelp } from "./answers.server";
import { limitChat } from "./chat-limit.server";
import { telegramConfig, type TelegramConfig } from "../telegram/config.server";
import { LINK_TOKEN_PATTERN, registerLinking, startLinking } from "./linking.server";
import { registerListing, startListing } from "./listing.server";

export type BotContext = Context;

let cached: { key: string; bot: Bot<BotContext> } | undefined;

/** The process's bot, or null when none is configured. Rebuilt when the configuration changes (tests). */
export function getTelegramBot(): Bot<BotContext> | null {
  const config = telegramConfig();
  if (!config) return null;
  const key = [config.token, config.username, config.apiRoot].join("|");
  if (cached?.key !== key) cached = { key, bot: createTelegramBot(config) };
  return cached.bot;
}

/**
 * Who the bot is, from the configuration instead of a getMe call: a serverless instance answers
 * its first update without a round trip first. The id is the token's part before the colon.
 */
function botInfoOf(config: TelegramConfig): UserFromGetMe {
  return {
    id: Number(config.token.split(":")[0]),
    is_bot: true,
    first_name: config.username,
    username: config.username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: true,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
  } as UserFromGetMe;
}

export function createTelegramBot(config: TelegramConfig): Bot<BotContext> {
  const bot = new Bot<BotContext>(config.token, { client: { apiRoot: config.apiRoot }, botInfo: botInfoOf(config) });
  configureTelegramApi(bot.api);

  // Every command, button press and inline query spends its chat's budget first, /start included
  // (with a token it writes: the link).
  bot.use(limitChat);
  // /start with a deep link's payload: "list" (the Contact dialog's Telegram Listing Bot), a
  // "Connect Telegram" token from /alerts, or nothing (someone opened the bot).
  bot.command("start", async (ctx) => {
    const payload = ctx.match.trim();
    if (payload === "list") return startListing(ctx);
    if (LINK_TOKEN_PATTERN.test(payload)) return startLinking(ctx, payload);
    return sendHelp(ctx);
  });
  registerAnswers(bot);
  registerLinking(bot);
  registerListing(bot);
  return bot;
}
