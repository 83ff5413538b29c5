// The site's answers in Telegram: /compare, /price, /ath, /top, /help and inline queries.
// (Issue 40, part 1: filled in by the answers work; /help is what /start without a payload says.)
import "server-only";
import type { Bot, Context } from "grammy";

export async function sendHelp(ctx: Context): Promise<void> {
  await ctx.reply("PulseCompare compares PulseChain coins by market cap.");
}

export function registerAnswers(bot: Bot<Context>): void {
  bot.command("help", sendHelp);
}
