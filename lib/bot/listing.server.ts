// The Telegram Listing Bot: /list 0x… checks a token as the listing form does and answers with
// the plans and a button to pay on the site; /start list introduces it. (Issue 40, part 3.)
//
// The check is the listing form's own (GET /api/orders/token: listings open, then
// checkOrderToken), so a token is refused here in the words the form and the quote use. The bot
// takes no payment: the button opens the Listing Form with the token checked, and the buyer pays
// from their wallet there.
import "server-only";
import { InlineKeyboard, type Bot, type Context } from "grammy";
import { DomainError } from "@/lib/errors/domain-error";
import { getSiteUrl } from "@/lib/config/site";
import { getDb } from "@/lib/db/get-db.server";
import { paymentAddressOrThrow, publishedPlsPrice } from "@/lib/orders/quotes.server";
import { QUOTE_MINUTES } from "@/lib/orders/status";
import { checkOrderToken } from "@/lib/orders/token-check.server";
import { addressSchema } from "@/lib/listings/schemas";
import { enforceRateLimit } from "@/lib/security/enforce-rate-limit.server";
import { listingIntro, listOffer, listRefusal, listUsage, type PlsPriceNow } from "./listing-reply";

const HTML = { parse_mode: "HTML", link_preview_options: { is_disabled: true } } as const;

/** /start list: what the Listing Bot does and how to use /list. */
export async function startListing(ctx: Context): Promise<void> {
  await ctx.reply(listingIntro(), HTML);
}

/** The Listing Form with `address` filled in and checked (app/get-listed/apply/page.tsx reads ?token=). */
export function applyUrl(address: string): string {
  return `${getSiteUrl()}/get-listed/apply?token=${address}`;
}

export function registerListing(bot: Bot<Context>): void {
  // grammY matches "/list@<bot> …" too (groups, privacy mode on), and ctx.match is what follows.
  bot.command("list", async (ctx) => {
    // In a group, the answer quotes the command so the chat sees whose token it is.
    const replyTo = ctx.chat.type === "private" ? {} : { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } };
    const arg = ctx.match.trim().split(/\s+/)[0] ?? "";
    if (arg === "") return void (await ctx.reply(listUsage(), { ...HTML, ...replyTo }));
    const parsed = addressSchema.safeParse(arg);
    if (!parsed.success) return void (await ctx.reply(listUsage(parsed.error.issues[0]!.message), { ...HTML, ...replyTo }));

    const db = getDb();
    let answer;
    try {
      // The check reads the chain: it spends the sender's quote budget and the site's total first
      // ("telegram-list"), and past either is refused in the API's words, having read nothing.
      await enforceRateLimit("telegram-list", { ip: "", chat: `user:${ctx.from?.id ?? ctx.chat.id}` });
      paymentAddressOrThrow();
      answer = await checkOrderToken(db, parsed.data);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return void (await ctx.reply(listRefusal(error.message), { ...HTML, ...replyTo }));
    }
    await ctx.reply(listOffer(answer, await plsPriceNow(), QUOTE_MINUTES), {
      ...HTML,
      ...replyTo,
      reply_markup: new InlineKeyboard().url("Order on PulseCompare", applyUrl(answer.contractAddress)),
    });
  });
}

/** The PLS price a quote would lock now; too old or unknown: the amounts are not invented. */
async function plsPriceNow(): Promise<PlsPriceNow> {
  try {
    return { usd: await publishedPlsPrice(getDb(), new Date()) };
  } catch (error) {
    if (error instanceof DomainError) return { unavailable: true };
    throw error;
  }
}
