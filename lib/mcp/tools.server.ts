// The MCP server's tools (issue 55): each reads through the same server function as the API route
// or page it stands for, takes that endpoint's own schemas (described for a model), and answers the
// same figures with the page to show:
//   search_coins        the coin pickers' search (lib/coins/coin-search.ts) over the coin snapshot
//   get_coin            GET /api/cryptocurrencies/{id}
//   compare             GET /api/pairs/{coin1}/{coin2}, plus the pair page's typed-cap, date and holding views
//   what_it_would_take  the pair page's "what it would take" for a price or market cap of one's own
//   ladder              GET /api/pairs/{coin1}/{coin2}'s ladder
//   history             GET /api/cryptocurrencies/{id}/history
import "server-only";
import { endpoints } from "@/lib/api/contract";
import { searchCoins } from "@/lib/coins/coin-search";
import { getCoinDetailOrThrow } from "@/lib/coins/queries.server";
import { coinDetailSchema, coinSchema } from "@/lib/coins/schemas";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";
import type { SupplyBasis } from "@/lib/coins/supply-bases";
import { searchWithBases } from "@/lib/compare/basis-param";
import { pairChoicesSchema, type PairChoices } from "@/lib/compare/choice-schema";
import { formatShare } from "@/lib/compare/ladder";
import { chosenPairAnswerSchema, pairAnswerSchema, type PairAnswer } from "@/lib/compare/pair-answer-schema";
import { getChosenPairAnswer } from "@/lib/compare/pair-choice.server";
import { getPairAnswer } from "@/lib/compare/pair-page.server";
import { atTargetPhrase } from "@/lib/compare/target-copy";
import { searchWithChoices, type ChosenTarget } from "@/lib/compare/target-param";
import { getWhatItTakes } from "@/lib/compare/what-it-takes.server";
import { coinTargetSchema, whatItTakesAnswerSchema } from "@/lib/compare/what-it-takes-schema";
import { getSiteUrl } from "@/lib/config/site";
import { cardPagePath, type EmbedCard } from "@/lib/embed/embed-path";
import { getHistoryBody } from "@/lib/history/queries.server";
import { describeRange, summarizeRange } from "@/lib/history/range-summary";
import { RANGE_SPECS } from "@/lib/history/ranges";
import { historySchema, type HistoryPoint } from "@/lib/history/schemas";
import { formatDay, formatMarketCap, formatPercentChange, formatPrice, formatResultMultiplier, formatTokenAmount } from "@/lib/shared/format";
import { z } from "@/lib/shared/zod";
import { tool, type McpTool } from "./tool.server";

/** The page a card stands for (its search before any #anchor), on the site's origin. */
const pageUrl = (card: EmbedCard, search = "") => `${getSiteUrl()}${cardPagePath(card, search)}`;

// The contract's schemas, each described for the model that fills it in.
const coinId = (what: string) => endpoints.coin.params.shape.id.describe(`${what}: a coin id as PulseCompare writes it (lowercase, e.g. "hex", "plsx", "pls", "btc"); find one with search_coins.`);
const pairParams = endpoints.pair.params.shape;
const pairQuery = endpoints.pair.query.shape;
const pairInput = {
  coin1: pairParams.coin1.describe('Coin A, whose price is worked out: a coin id (e.g. "plsx"); find one with search_coins.'),
  coin2: pairParams.coin2.describe('Coin B, whose market cap is the target: a coin id (e.g. "hex").'),
  supply1: pairQuery.supply1.describe("Which supply counts for coin A's market cap: circulating (default), total (with the burn addresses' coins) or staked (HEX: liquid and staked). get_coin lists a coin's bases."),
  supply2: pairQuery.supply2.describe("Which supply counts for coin B's market cap (as supply1)."),
};

/** The pair page's address for these bases (circulating is never written). */
const basesSearch = (input: { supply1?: SupplyBasis; supply2?: SupplyBasis }, search = "") =>
  searchWithBases(search, { basis1: input.supply1 ?? "circulating", basis2: input.supply2 ?? "circulating" });

/** A typed number as the page's address writes it: plain digits (no grouping, no exponent), which its fields parse back. */
const addressNumber = (value: number) => value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });

const coinRef = coinSchema.pick({ id: true, symbol: true, name: true });
const ref = (coin: PairAnswer["coin1"]) => ({ id: coin.id, symbol: coin.symbol, name: coin.name });

/** "would take about $1.20M of net buying through PulseX at today's liquidity" (null: not priced from pools). */
function wouldTakePhrase(wouldTake: { usd: number } | null): string | null {
  if (!wouldTake) return null;
  return `would take about ${formatMarketCap(Math.abs(wouldTake.usd))} of net ${wouldTake.usd >= 0 ? "buying" : "selling"} through PulseX at today's liquidity`;
}

export const SEARCH_LIMIT = { default: 10, max: 25 } as const;

const searchCoinsTool = tool({
  name: "search_coins",
  title: "Search coins",
  description:
    "Finds coins listed on PulseCompare by name or symbol (case-insensitive, part of a word is enough), by market-cap rank, as the site's coin pickers do. Gives each coin's id (what the other tools take), price, market cap and page. PulseChain copies of Ethereum tokens are usually written with a 'p' (pDAI).",
  input: z.strictObject({
    query: z.string().trim().min(1, "Give a name or symbol to search for.").max(64).describe('A name or symbol, or part of one: "hex", "pulsex", "pdai".'),
    limit: z.number().int().min(1).max(SEARCH_LIMIT.max).optional().describe(`How many coins to give at most (1 to ${SEARCH_LIMIT.max}, default ${SEARCH_LIMIT.default}).`),
  }),
  output: z.object({
    query: z.string(),
    /** Coins matching, of which `coins` are the first `limit` by rank. */
    total: z.number().int(),
    coins: z.array(coinSchema.extend({ url: z.string() })),
  }),
  run: async ({ query, limit = SEARCH_LIMIT.default }) => {
    const matches = searchCoins((await getCoinSnapshot()).coins, query);
    const coins = matches.slice(0, limit).map((coin) => ({ ...coin, url: pageUrl({ kind: "coin", coin: coin.id }) }));
    const lines = coins.map((coin) => `- ${coin.symbol} (id "${coin.id}", ${coin.name}): ${formatPrice(coin.currentPrice)}, market cap ${formatMarketCap(coin.marketCap)}`);
    const text = coins.length
      ? [`${matches.length} coin${matches.length === 1 ? "" : "s"} match "${query}"${matches.length > coins.length ? `; the first ${coins.length} by rank` : ""}:`, ...lines].join("\n")
      : `No coin on PulseCompare matches "${query}".`;
    return { figures: { query, total: matches.length, coins }, url: coins[0]?.url ?? `${getSiteUrl()}/`, text };
  },
});

const getCoinTool = tool({
  name: "get_coin",
  title: "A coin's figures",
  description:
    "One coin as PulseCompare shows it (GET /api/cryptocurrencies/{id}): price and market cap in USD, 24h change, rank, all-time highs that held (price and market cap, with dates), where the price comes from (provenance: PulseX pools on-chain, or market data) and its last cross-check, a move held back for confirmation, PulseX pool depth, and the market cap on each supply basis (circulating, total, staked).",
  input: z.strictObject({ id: coinId("The coin") }),
  output: coinDetailSchema,
  run: async ({ id }) => {
    const coin = await getCoinDetailOrThrow(id);
    const high = coin.athPrice === null ? "no all-time high on record yet" : `all-time high ${formatPrice(coin.athPrice)}${coin.athAt ? ` (${formatDay(coin.athAt)})` : ""}`;
    const text = `${coin.name} (${coin.symbol}), rank ${coin.rank}: ${formatPrice(coin.currentPrice)}, market cap ${formatMarketCap(coin.marketCap)}, 24h ${formatPercentChange(coin.priceChange24h, 1)}; ${high}. Price from ${coin.provenance?.source ?? coin.priceSource}.`;
    return { figures: coin, url: pageUrl({ kind: "coin", coin: coin.id }), text };
  },
});

/** The pair page's address for the choices asked (as the page writes them: the default target and no amount leave it plain). */
function choicesSearch(choices: PairChoices, day: string | null): string {
  const target: ChosenTarget = choices.mcap !== undefined ? "cap" : choices.on !== undefined ? "date" : (choices.target ?? "today");
  return searchWithChoices("", {
    target,
    capText: choices.mcap === undefined ? "" : addressNumber(choices.mcap),
    holdText: choices.hold === undefined ? "" : addressNumber(choices.hold),
    dayText: day ?? undefined,
  });
}

const compareTool = tool({
  name: "compare",
  title: "Coin A at coin B's market cap",
  description:
    "What coin A's price would be at coin B's market cap, and the multiplier: the figures of PulseCompare's pair page and GET /api/pairs/{coin1}/{coin2} (today, at B's all-time high, what each would take through A's PulseX pools, the ladder of 10% to 500% of B's cap, each coin's supply basis), plus the target chosen in `chosen`: B's cap today (default) or at its high (target: \"ath\"), a market cap typed (mcap: \"100b\"), or B's market cap on a day of its history (on: \"2025-05-10\"); with hold, what that many of coin A are worth today and there.",
  input: z.strictObject({
    ...pairInput,
    target: pairChoicesSchema.shape.target.describe('"today" (default): B\'s market cap now; "ath": B\'s all-time-high market cap.'),
    mcap: pairChoicesSchema.shape.mcap.describe('A market cap to value coin A at instead of B\'s, typed as the site takes it ("100b", "$2.5t", "750,000,000") or a number in USD.'),
    on: pairChoicesSchema.shape.on.describe("A day (YYYY-MM-DD, UTC): B's market cap at that day's close, from its stored history."),
    hold: pairChoicesSchema.shape.hold.describe('An amount of coin A held ("1.5m", "250,000" or a number): its worth today and at the target.'),
  }),
  output: chosenPairAnswerSchema,
  run: async ({ coin1, coin2, supply1, supply2, ...choices }) => {
    const answer = await getChosenPairAnswer(coin1, coin2, { supply1, supply2 }, choices);
    const { chosen, holding } = answer;
    const [a, b] = [answer.coin1.symbol, answer.coin2.symbol];
    const where = atTargetPhrase(chosen.target, b, choices.mcap ?? null, chosen.day) + (chosen.sample ? " (sample data)" : "");
    const lines = [
      chosen.answer
        ? `${a} ${where}: ${formatPrice(chosen.answer.projectedPrice)} (${formatResultMultiplier(chosen.answer.multiplier)} from ${formatPrice(answer.coin1.currentPrice)}), a market cap of ${formatMarketCap(chosen.answer.targetMarketCap)}.`
        : `${a} ${where}: ${chosen.failure}`,
    ];
    const takes = wouldTakePhrase(chosen.answer?.wouldTake ?? null);
    if (takes) lines.push(`Reaching it ${takes}.`);
    if (holding) lines.push(`${formatTokenAmount(holding.amount)} ${a} is worth ${formatPrice(holding.worthToday)} today and ${holding.worthAtTarget === null ? "no figure" : formatPrice(holding.worthAtTarget)} ${where}.`);
    const search = basesSearch({ supply1, supply2 }, choicesSearch(choices, chosen.target === "date" ? chosen.day : null));
    return { figures: answer, url: pageUrl({ kind: "pair", coin1, coin2 }, search), text: lines.join(" ") };
  },
});

const whatItWouldTakeTool = tool({
  name: "what_it_would_take",
  title: "What a price would take",
  description:
    "How much net buying (or selling) through a coin's PulseX pools would bring it to a price or a market cap, at today's reserves (no liquidity added or removed, no other venue, pool fees on top), in USD and PLS, as PulseCompare's pair page works it out; with the pools' depth. Only coins priced on-chain from PulseX pools have a figure. For coin A at coin B's market cap, compare gives the same figure as wouldTake.",
  input: coinTargetSchema,
  output: whatItTakesAnswerSchema,
  run: async (input) => {
    const answer = await getWhatItTakes(input);
    const { coin, target } = answer;
    const at = `${coin.symbol} at ${formatPrice(target.price)}${target.marketCap === null ? "" : ` (a market cap of ${formatMarketCap(target.marketCap)})`}`;
    const takes = wouldTakePhrase(answer.wouldTake);
    const text = answer.explanation ?? (takes ? `${at} ${takes}.` : `${at}: ${coin.symbol} is not priced from PulseX pools, so there is no figure for what it would take.`);
    const search = input.mcap === undefined ? "" : `?mcap=${addressNumber(input.mcap)}`;
    return { figures: answer, url: pageUrl({ kind: "coin", coin: coin.id }, search), text };
  },
});

const ladderTool = tool({
  name: "ladder",
  title: "Ladder of targets",
  description:
    "Coin A's price and multiplier at 10%, 25%, 50%, 100%, 200% and 500% of coin B's market cap, with what each would take through A's PulseX pools, and how far A is today (progress: A's market cap as a share of B's): the pair page's ladder, the `ladder` of GET /api/pairs/{coin1}/{coin2}.",
  input: z.strictObject(pairInput),
  output: pairAnswerSchema.pick({ supply: true, ladder: true, failure: true }).extend({ coin1: coinRef, coin2: coinRef }),
  run: async ({ coin1, coin2, supply1, supply2 }) => {
    const answer = await getPairAnswer(coin1, coin2, { supply1, supply2 });
    const [a, b] = [answer.coin1.symbol, answer.coin2.symbol];
    const text = answer.ladder
      ? [
          `${a} is at ${formatShare(answer.ladder.progress)} of ${b}'s market cap.`,
          ...answer.ladder.steps.map((step) => `At ${formatShare(step.share)} of it (${formatMarketCap(step.marketCap)}): ${formatPrice(step.price)} (${formatResultMultiplier(step.multiplier)}).`),
        ].join(" ")
      : (answer.failure ?? "");
    const figures = { coin1: ref(answer.coin1), coin2: ref(answer.coin2), supply: answer.supply, ladder: answer.ladder, failure: answer.failure };
    return { figures, url: pageUrl({ kind: "ladder", coin1, coin2 }, basesSearch({ supply1, supply2 })), text };
  },
});

const valuePointSchema = z.object({ t: z.number(), value: z.number() });

const historyTool = tool({
  name: "history",
  title: "Price history",
  description:
    "A coin's price and market cap over a range, oldest first (GET /api/cryptocurrencies/{id}/history): at most one point per 5 minutes (1d), hour (7d), 4 hours (30d) or day (1y, all); `t` is Unix time in ms. With the range's market-cap high, low and change. Points marked sample are invented history a fresh install starts with, not real prices.",
  input: z.strictObject({
    id: coinId("The coin"),
    range: endpoints.coinHistory.query.shape.range.describe("1d, 7d, 30d, 1y or all."),
  }),
  output: z.object({
    id: z.string(),
    range: z.string(),
    points: historySchema,
    /** The market cap's high, low, first and last point over the range, and the change in percent (null: no points). */
    summary: z.object({ high: valuePointSchema, low: valuePointSchema, first: valuePointSchema, last: valuePointSchema, changePercent: z.number().nullable() }).nullable(),
  }),
  run: async ({ id, range }) => {
    const points = JSON.parse(await getHistoryBody(id, range)) as HistoryPoint[];
    const summary = summarizeRange(points.map((point) => ({ t: point.t, value: point.marketCap })));
    const { label } = RANGE_SPECS[range];
    const sample = points.some((point) => point.sample) ? " Some points are sample data, not real prices." : "";
    const text = summary ? `${id}'s market cap. ${describeRange(summary, label, formatMarketCap)} ${points.length} points.${sample}` : `No history for ${id} over ${label}.`;
    return { figures: { id, range, points, summary }, url: pageUrl({ kind: "coin", coin: id }), text };
  },
});

export const TOOLS: readonly McpTool[] = [searchCoinsTool, getCoinTool, compareTool, whatItWouldTakeTool, ladderTool, historyTool];
