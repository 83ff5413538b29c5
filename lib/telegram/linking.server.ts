// Alerts in Telegram: /start <token> links the chat to the user who asked for the token on
// /alerts, /alerts lists their rules, /stop unlinks. (Issue 40, part 2: filled in by the alerts work.)
import "server-only";
import type { Bot, Context } from "grammy";

/** A "Connect Telegram" token as it arrives in /start (Telegram allows A-Z a-z 0-9 _ - up to 64). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

export async function startLinking(ctx: Context, token: string): Promise<void> {
  void token;
  await ctx.reply("This link has expired. Open /alerts on the site and choose 'Connect Telegram' again.");
}

export function registerLinking(bot: Bot<Context>): void {
  void bot;
}
