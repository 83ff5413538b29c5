// What the bot says, as Telegram HTML (parse_mode "HTML": only <b>, <i>, <a>, … and every other
// < > & escaped, or the Bot API refuses the message). Pure: the words and figures come from the
// site's own copy and formatters (lib/compare/pair-copy.ts, lib/shared/format.ts), so a reply
// reads like the page it links to; answers.server.ts brings the data and sends.
import type { InlineKeyboardMarkup, InlineQueryResultArticle } from "grammy/types";
import { coinPath } from "../coins/coin-path";
import { coinShareCopy } from "../coins/share-copy";
import { distanceFromHigh, formatDistanceFromHigh } from "../coins/distance-from-high";
import { formatPriceAge } from "../shared/freshness";
import { comparisonFailureMessage, computeComparison } from "../compare/comparison";
import { pairDescription, pairQuestion, pairTitle } from "../compare/pair-copy";
import { pairPath } from "../compare/pair-route";
import { formatHighDay } from "../compare/ath-target-copy";
import { formatMarketCap, formatPercentChange, formatPrice, formatResultMultiplier, formatTokenAmount } from "../shared/format";
import type { Coin } from "../coins/schemas";

export type Reply = { text: string; keyboard?: InlineKeyboardMarkup };

/** What a reply needs besides the coins: the site's origin for links, and how old is too old. */
export type ReplyContext = {
  siteUrl: string;
  now: number;
  /** The refresh interval (minutes): a price older than this says its age. */
  refreshMinutes: number;
  /** Coins quarantined for a failing contract: since when (ISO). */
  quarantinedSince: ReadonlyMap<string, string>;
};

/** Telegram's HTML mode: text goes in with & < > escaped (quotes only matter inside tags). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const bold = (text: string) => `<b>${escapeHtml(text)}</b>`;

/**
 * The most of what someone typed that a reply repeats, in characters: a coin's id or symbol is a
 * few, a long name a few dozen. Without it, "/compare <2,000 characters> <2,000 characters>" was
 * said back whole, over Telegram's 4,096.
 */
export const ECHO_MAX_CHARS = 64;

/** A word the user typed, as a reply repeats it: cut to ECHO_MAX_CHARS with "…" (whole characters, not halves of a pair). */
export function echoed(typed: string): string {
  const chars = Array.from(typed);
  return chars.length <= ECHO_MAX_CHARS ? typed : `${chars.slice(0, ECHO_MAX_CHARS).join("")}…`;
}

/** Telegram's limit on a button's callback_data, in bytes. */
const MAX_CALLBACK_DATA = 64;

/** A comparison a button completes: "cmp:<coin 1>:<coin 2>[:<amount>]" (ids or what was typed). */
export function compareCallbackData(coin1: string, coin2: string, amountText?: string): string | null {
  const data = ["cmp", coin1, coin2, ...(amountText ? [amountText] : [])].join(":");
  return Buffer.byteLength(data) <= MAX_CALLBACK_DATA && ![coin1, coin2].some((part) => part.includes(":")) ? data : null;
}

export function parseCompareCallback(data: string): { coin1: string; coin2: string; amount: string } | null {
  const [kind, coin1, coin2, amount = ""] = data.split(":");
  return kind === "cmp" && coin1 && coin2 ? { coin1, coin2, amount } : null;
}

/**
 * The words after /compare (or an inline query): two coins, then an optional amount held.
 * "hex eth", "HEX vs ETH 1.5m", "hex/eth".
 */
export function parseCompareArgs(text: string): { coin1: string; coin2: string; amount: string } | null {
  const words = text
    .trim()
    .split(/[\s/]+/)
    .filter((word) => word && !/^(vs\.?|to|at)$/i.test(word));
  if (words.length < 2) return null;
  return { coin1: words[0]!, coin2: words[1]!, amount: words.slice(2).join("") };
}

/** Whole minutes since the coin's price was accepted. */
function priceAgeMinutes(coin: Coin, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(coin.priceUpdatedAt)) / 60_000));
}

/**
 * The caution a coin's price carries, as the pages give it: a failing contract (quarantined), a pool
 * under the liquidity floor, or simply an age beyond the refresh interval. Null for a fresh price.
 */
export function priceNote(coin: Coin, context: ReplyContext): string | null {
  const minutes = priceAgeMinutes(coin, context.now);
  const age = formatPriceAge(minutes);
  if (context.quarantinedSince.has(coin.id)) return `${coin.symbol}'s contract is failing: its price is from ${age} ago.`;
  if (coin.lowLiquidity) return `${coin.symbol}'s pool is under the liquidity floor: its last good price, from ${age} ago.`;
  if (minutes > context.refreshMinutes) return `${coin.symbol}'s price is from ${age} ago.`;
  return null;
}

function notes(coins: readonly Coin[], context: ReplyContext): string[] {
  const seen = new Set<string>();
  return coins.flatMap((coin) => {
    if (seen.has(coin.id)) return [];
    seen.add(coin.id);
    const note = priceNote(coin, context);
    return note ? [`<i>${escapeHtml(note)}</i>`] : [];
  });
}

const urlButton = (text: string, url: string): InlineKeyboardMarkup => ({ inline_keyboard: [[{ text, url }]] });

export function pairUrl(context: Pick<ReplyContext, "siteUrl">, coin1: Coin, coin2: Coin): string {
  return `${context.siteUrl}${pairPath(coin1.id, coin2.id)}`;
}

/**
 * /compare: the pair page's title ("HEX at ETH's market cap: $3.23 (677x)"), its result card's
 * sentence, both market caps, what the amount held is worth there, and a button to the page (whose
 * share image is the link's preview).
 */
export function compareReply(coin1: Coin, coin2: Coin, amount: number | null, context: ReplyContext): Reply {
  const result = computeComparison(coin1, coin2);
  if (!result.comparable) return { text: escapeHtml(comparisonFailureMessage(result.reason, result.invalidCoin?.symbol)) };
  const lines = [
    bold(pairTitle(result)),
    `When ${escapeHtml(coin1.symbol)} reaches the market cap of ${escapeHtml(coin2.symbol)}, it will be at ${bold(formatPrice(result.projectedPrice))} (${escapeHtml(formatResultMultiplier(result.multiplier))}).`,
    escapeHtml(`${coin1.symbol}: ${formatPrice(coin1.currentPrice)}, market cap ${formatMarketCap(coin1.marketCap)}. ${coin2.symbol} market cap: ${formatMarketCap(coin2.marketCap)}.`),
  ];
  if (amount !== null) {
    // The pair page's "I hold" figures (components/compare/holding-figures.tsx): today, and at the target.
    const today = typeof coin1.currentPrice === "number" ? amount * coin1.currentPrice : null;
    lines.push(
      `${escapeHtml(`${formatTokenAmount(amount)} ${coin1.symbol}`)}: ${escapeHtml(formatPrice(today))} today, ${bold(formatPrice(amount * result.projectedPrice))} at ${escapeHtml(coin2.symbol)}'s market cap.`,
    );
  }
  lines.push(...notes([coin1, coin2], context));
  return { text: lines.join("\n"), keyboard: urlButton(`${pairQuestion(coin1, coin2)} ↗`, pairUrl(context, coin1, coin2)) };
}

/** The comparison as an inline result to post: the same message, titled and described like the page. */
export function compareInlineResult(coin1: Coin, coin2: Coin, amount: number | null, context: ReplyContext): InlineQueryResultArticle | null {
  const result = computeComparison(coin1, coin2);
  if (!result.comparable) return null;
  const reply = compareReply(coin1, coin2, amount, context);
  return {
    type: "article",
    id: `${coin1.id}~${coin2.id}${amount === null ? "" : `~${amount}`}`.slice(0, 64),
    title: pairTitle(result),
    description: pairDescription(result).slice(0, 200),
    url: pairUrl(context, coin1, coin2),
    input_message_content: { message_text: reply.text, parse_mode: "HTML", link_preview_options: { url: pairUrl(context, coin1, coin2), prefer_large_media: true } },
    reply_markup: reply.keyboard,
  };
}

/** /price: the price, market cap and 24h change, its caution when it has one, and a button to the coin's page. */
export function priceReply(coin: Coin, context: ReplyContext): Reply {
  const change = coin.priceChange24h === null ? "" : `, 24h ${formatPercentChange(coin.priceChange24h, 1)}`;
  const lines = [
    `${bold(coin.symbol)} (${escapeHtml(coin.name)}): ${bold(formatPrice(coin.currentPrice))}`,
    escapeHtml(`Market cap ${formatMarketCap(coin.marketCap)}${change}`),
    ...notes([coin], context),
  ];
  return { text: lines.join("\n"), keyboard: urlButton(`${coin.symbol} on PulseCompare ↗`, `${context.siteUrl}${coinPath(coin.id)}`) };
}

/** /ath: the held high of the price (as the coin's share image says it) and of the market cap, and how far below each. */
export function athReply(coin: Coin, context: ReplyContext): Reply {
  const lines = [`${bold(coin.symbol)}: ${escapeHtml(coinShareCopy(coin).high)}.`];
  if (coin.athMarketCap !== null) {
    const day = formatHighDay(coin.athMarketCapAt);
    const distance = formatDistanceFromHigh(distanceFromHigh(coin.marketCap, coin.athMarketCap));
    lines.push(escapeHtml(`Market cap high ${formatMarketCap(coin.athMarketCap)}${day ? ` (${day})` : ""}${coin.athMarketCapEstimated ? ", estimated" : ""}${distance ? `: ${distance}` : ""}.`));
  }
  lines.push(escapeHtml(`Price now ${formatPrice(coin.currentPrice)}.`), ...notes([coin], context));
  return { text: lines.join("\n"), keyboard: urlButton(`${coin.symbol} on PulseCompare ↗`, `${context.siteUrl}${coinPath(coin.id)}`) };
}

/** How many of the home page's top gaining rows /top shows (a chat message, not a table). */
export const TOP_ROWS = 5;

/** /top: the first rows of the home page's "Top Gaining Coins" table. */
export function topReply(coins: readonly Coin[], context: ReplyContext): Reply {
  if (coins.length === 0) return { text: "No coin has a 24h change to rank yet." };
  const rows = coins.slice(0, TOP_ROWS).map((coin, index) => `${index + 1}. ${bold(coin.symbol)} ${escapeHtml(`${formatPrice(coin.currentPrice)}  ${formatPercentChange(coin.priceChange24h, 1)}`)}`);
  return { text: [bold("Top Gaining Coins (24h)"), ...rows, ...notes(coins.slice(0, TOP_ROWS), context)].join("\n"), keyboard: urlButton("All on PulseCompare ↗", `${context.siteUrl}/`) };
}

/** A word that names several coins: one button per coin, each completing the comparison with it. */
export function pickReply(query: string, choices: readonly Coin[], dataFor: (coin: Coin) => string | null): Reply {
  const rows = choices.flatMap((coin) => {
    const data = dataFor(coin);
    return data ? [[{ text: `${coin.symbol}: ${coin.name} (${coin.chain})`, callback_data: data }]] : [];
  });
  return { text: `${bold(echoed(query))} names ${choices.length} coins. Which one?`, keyboard: { inline_keyboard: rows } };
}

/** A word that names no coin, with the closest one when there is one. */
export function unknownCoinText(query: string, suggestion: Pick<Coin, "symbol" | "name"> | null): string {
  const said = `No coin called ${bold(echoed(query))} on PulseCompare.`;
  return suggestion ? `${said} Did you mean ${bold(suggestion.symbol)} (${escapeHtml(suggestion.name)})?` : said;
}

export const COMPARE_USAGE = "Send /compare with two coins and, if you like, an amount you hold: /compare HEX ETH 1.5m";

/** /help, and /start without a payload: what the bot does, in a few lines. */
export function helpText(botUsername: string): string {
  return [
    bold("PulseCompare: what would a coin cost at another coin's market cap?"),
    "/compare HEX ETH [amount]: HEX at ETH's market cap, and what your amount would be worth",
    "/price HEX: the price and market cap",
    "/ath HEX: the all-time high and how far below it",
    "/top: today's top gaining PulseChain coins",
    `In any chat, type @${escapeHtml(botUsername)} hex eth to post a comparison.`,
    "Figures are the ones the site publishes, from PulseX pools and the site's sources.",
  ].join("\n");
}

export const SLOW_DOWN_TEXT = "Slow down: too many requests from this chat. Try again in a minute.";
