// The site's answers in Telegram: /compare, /price, /ath, /top, /help, the buttons that pick
// between coins sharing a symbol, and inline queries ("@bot hex eth"). Every figure is read from
// what the pages read (the coin snapshot, the home page's gainer table, the featured slots), so
// the bot never says a number the site does not show; the words are in replies.ts.
import "server-only";
import type { Bot, Context } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import { getActiveFeaturedComparisons } from "@/lib/compare/featured.server";
import { listPulsechainGainers } from "@/lib/trending/lists.server";
import { getCoinSnapshot, type CoinSnapshot } from "@/lib/coins/snapshot.server";
import { topCoinsBesides } from "@/lib/coins/top-coins";
import { AMOUNT_RULES, parseTypedNumber } from "@/lib/compare/typed-number";
import { getSiteUrl } from "@/lib/config/site";
import { effectiveRefreshIntervalMinutes } from "@/lib/market/refresh-interval";
import { selectTopGainers } from "@/lib/trending/home-tables";
import type { Coin } from "@/lib/coins/schemas";
import {
  COMPARE_USAGE,
  athReply,
  compareCallbackData,
  compareInlineResult,
  compareReply,
  echoed,
  escapeHtml,
  helpText,
  parseCompareArgs,
  parseCompareCallback,
  pickReply,
  priceReply,
  topReply,
  unknownCoinText,
  type Reply,
  type ReplyContext,
} from "./replies";
import { botLookupOf } from "./coin-lookup.server";
import { MAX_CHOICES, resolveCoin, type CoinMatch } from "./resolve-coin";

/** Inline results may be reused by Telegram for this long: within a refresh interval, figures hold. */
const INLINE_CACHE_SECONDS = 30;
/** The featured slots and, for a one-coin query, how many top coins it is compared with. */
const INLINE_SUGGESTIONS = 5;

function replyContext(snapshot: CoinSnapshot): ReplyContext {
  return { siteUrl: getSiteUrl(), now: Date.now(), refreshMinutes: effectiveRefreshIntervalMinutes(), quarantinedSince: snapshot.quarantinedSinceById };
}

/** Sends a reply in the chat the update came from (in a group, as a reply to the command). */
async function send(ctx: Context, reply: Reply): Promise<void> {
  const preview = reply.keyboard?.inline_keyboard[0]?.[0];
  await ctx.reply(reply.text, {
    parse_mode: "HTML",
    reply_markup: reply.keyboard,
    // The button's page as the preview: the pair page's share image shows the comparison.
    link_preview_options: preview && "url" in preview ? { url: preview.url, prefer_large_media: true } : { is_disabled: true },
    ...(ctx.chat?.type !== "private" && ctx.msg?.message_id ? { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } } : {}),
  });
}

export async function sendHelp(ctx: Context): Promise<void> {
  await send(ctx, { text: helpText(ctx.me.username) });
}

/** The reply to a word that is not one coin: pick buttons for a shared symbol, else "no such coin". */
function notOneCoin(match: Exclude<CoinMatch<Coin>, { kind: "coin" }>, dataFor: (coin: Coin) => string | null): Reply {
  if (match.kind === "ambiguous") return pickReply(match.query, match.coins, dataFor);
  return { text: unknownCoinText(match.query, match.suggestion) };
}

/** /compare's answer (and a pick button's): the comparison, or what stands in its way. */
async function compareAnswer(typed1: string, typed2: string, amountText: string): Promise<Reply> {
  let amount: number | null = null;
  if (amountText) {
    const parsed = parseTypedNumber(amountText, AMOUNT_RULES);
    if (parsed.kind === "invalid") return { text: escapeHtml(parsed.reason) };
    if (parsed.kind === "ok") amount = parsed.value;
  }
  const snapshot = await getCoinSnapshot();
  const first = resolveCoin(botLookupOf(snapshot), typed1);
  const second = resolveCoin(botLookupOf(snapshot), typed2);
  const amountPart = amount === null ? undefined : amountText;
  if (first.kind === "unknown" && second.kind === "unknown") {
    return { text: `${unknownCoinText(first.query, first.suggestion)}\n${unknownCoinText(second.query, second.suggestion)}` };
  }
  if (first.kind !== "coin") return notOneCoin(first, (coin) => compareCallbackData(coin.id, second.kind === "coin" ? second.coin.id : second.query, amountPart));
  if (second.kind !== "coin") return notOneCoin(second, (coin) => compareCallbackData(first.coin.id, coin.id, amountPart));
  return compareReply(first.coin, second.coin, amount, replyContext(snapshot));
}

/** /price and /ath: one coin, by id or symbol. */
async function coinAnswer(typed: string, command: string, answer: (coin: Coin, context: ReplyContext) => Reply): Promise<Reply> {
  if (!typed.trim()) return { text: `Send /${command} with a coin: /${command} HEX` };
  const snapshot = await getCoinSnapshot();
  const match = resolveCoin(botLookupOf(snapshot), typed.trim().split(/\s+/)[0]!);
  // Buttons for /price and /ath would need their own callbacks: the choices' ids say which to send.
  if (match.kind === "ambiguous") {
    const choices = match.coins.map((coin) => `/${command} ${coin.id} (${coin.name}, ${coin.chain})`).join("\n");
    return { text: `<b>${escapeHtml(echoed(match.query))}</b> names ${match.coins.length} coins. Send one of:\n${escapeHtml(choices)}` };
  }
  if (match.kind === "unknown") return { text: unknownCoinText(match.query, match.suggestion) };
  return answer(match.coin, replyContext(snapshot));
}

/** The home page's "Top Gaining Coins" rows, read as the page reads them. */
async function topAnswer(): Promise<Reply> {
  const [snapshot, gainers] = await Promise.all([getCoinSnapshot(), listPulsechainGainers()]);
  return topReply(selectTopGainers(gainers), replyContext(snapshot));
}

/** What "@bot <query>" offers: the comparison typed, a coin against the top coins, or the featured comparisons. */
async function inlineResults(query: string): Promise<InlineQueryResultArticle[]> {
  const snapshot = await getCoinSnapshot();
  const context = replyContext(snapshot);
  const coin = (id: string) => snapshot.byId.get(id);
  const results: (InlineQueryResultArticle | null)[] = [];
  const words = query.trim();
  if (!words) {
    for (const featured of (await getActiveFeaturedComparisons()).slice(0, INLINE_SUGGESTIONS)) {
      const coin1 = coin(featured.coin1.id);
      const coin2 = coin(featured.coin2.id);
      if (coin1 && coin2) results.push(compareInlineResult(coin1, coin2, null, context));
    }
  } else {
    const args = parseCompareArgs(words);
    const amount = args?.amount ? parseTypedNumber(args.amount, AMOUNT_RULES) : null;
    const held = amount?.kind === "ok" ? amount.value : null;
    const candidates = (match: CoinMatch<Coin>) => (match.kind === "coin" ? [match.coin] : match.kind === "ambiguous" ? match.coins : []);
    const firsts = candidates(resolveCoin(botLookupOf(snapshot), args ? args.coin1 : words.split(/\s+/)[0]!));
    if (args) {
      const seconds = candidates(resolveCoin(botLookupOf(snapshot), args.coin2));
      for (const coin1 of firsts) for (const coin2 of seconds) results.push(compareInlineResult(coin1, coin2, held, context));
    } else {
      for (const coin1 of firsts) for (const coin2 of topCoinsBesides(snapshot.coins, [coin1.id], INLINE_SUGGESTIONS)) results.push(compareInlineResult(coin1, coin2, null, context));
    }
  }
  return results.filter((result): result is InlineQueryResultArticle => result !== null).slice(0, MAX_CHOICES * MAX_CHOICES);
}

export function registerAnswers(bot: Bot<Context>): void {
  bot.command("help", sendHelp);
  bot.command("compare", async (ctx) => {
    const args = parseCompareArgs(ctx.match);
    await send(ctx, args ? await compareAnswer(args.coin1, args.coin2, args.amount) : { text: escapeHtml(COMPARE_USAGE) });
  });
  bot.command("price", async (ctx) => send(ctx, await coinAnswer(ctx.match, "price", priceReply)));
  bot.command("ath", async (ctx) => send(ctx, await coinAnswer(ctx.match, "ath", athReply)));
  bot.command("top", async (ctx) => send(ctx, await topAnswer()));
  // A pick button under "HEX names 2 coins": the comparison replaces the question.
  bot.callbackQuery(/^cmp:/, async (ctx) => {
    const picked = parseCompareCallback(ctx.callbackQuery.data);
    await ctx.answerCallbackQuery();
    if (!picked) return;
    const reply = await compareAnswer(picked.coin1, picked.coin2, picked.amount);
    const preview = reply.keyboard?.inline_keyboard[0]?.[0];
    await ctx.editMessageText(reply.text, {
      parse_mode: "HTML",
      reply_markup: reply.keyboard,
      link_preview_options: preview && "url" in preview ? { url: preview.url, prefer_large_media: true } : { is_disabled: true },
    });
  });
  bot.on("inline_query", async (ctx) => {
    await ctx.answerInlineQuery(await inlineResults(ctx.inlineQuery.query), { cache_time: INLINE_CACHE_SECONDS });
  });
}
