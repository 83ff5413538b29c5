// The addresses of the embeddable cards (issue 54) and the page each one stands for. Pure: the card
// routes (app/embed/), oEmbed (app/api/oembed) and the Embed dialog share it.
//   /embed/{coin1}/{coin2}          coin 1 at coin 2's market cap (the pair page)
//   /embed/{coin1}/{coin2}/ladder   the pair's ladder of targets (the pair page's #target-ladder)
//   /embed/{coin}                   one coin's price, market cap and 24h change (the coin page)
// and each card's PNG at the same address plus /card.png, for places that take no iframes.
import { coinPath } from "../coins/coin-path";
import { SUPPLY1_PARAM, SUPPLY2_PARAM } from "../compare/basis-param";
import { ladderTitle, pairQuestion } from "../compare/pair-copy";
import { pairPath } from "../compare/pair-route";
import { HOLD_PARAM, MCAP_PARAM, TARGET_PARAM } from "../compare/target-param";

export const EMBED_BASE_PATH = "/embed";
export const CARD_IMAGE_SEGMENT = "card.png";
export const LADDER_SEGMENT = "ladder";
/** The id of the pair page's ladder section (components/compare/target-ladder.tsx): a ladder card's page. */
export const LADDER_ANCHOR = "target-ladder";

export type EmbedCard = { kind: "pair"; coin1: string; coin2: string } | { kind: "ladder"; coin1: string; coin2: string } | { kind: "coin"; coin: string };
export type EmbedKind = EmbedCard["kind"];

export const THEME_PARAM = "theme";
export const EMBED_THEMES = ["dark", "light"] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/**
 * The query parameters each card reads, as the page it stands for names them: the pair card takes
 * the pair page's choices that make sense on a card (the high or a typed cap, an amount held, the
 * supply bases; not a day of history), the ladder its bases, every card the theme.
 */
export const CARD_PARAMS: Readonly<Record<EmbedKind, readonly string[]>> = {
  pair: [TARGET_PARAM, MCAP_PARAM, HOLD_PARAM, SUPPLY1_PARAM, SUPPLY2_PARAM, THEME_PARAM],
  ladder: [SUPPLY1_PARAM, SUPPLY2_PARAM, THEME_PARAM],
  coin: [THEME_PARAM],
};

/**
 * Each card's size as offered (the oEmbed answer and the Embed dialog's iframe): it fits any width
 * from 280 px, and the card posts its real height to the page that frames it.
 */
export const CARD_SIZES: Readonly<Record<EmbedKind, { width: number; height: number }>> = {
  pair: { width: 600, height: 260 },
  ladder: { width: 600, height: 480 },
  coin: { width: 600, height: 200 },
};
export const MIN_CARD_WIDTH = 280;

/** What a card posts to the page that frames it ({ type, height }), so that page can size the iframe to fit. */
export const HEIGHT_MESSAGE_TYPE = "pulsecompare:embed-height";

export function embedPath(card: EmbedCard): string {
  if (card.kind === "coin") return `${EMBED_BASE_PATH}/${card.coin}`;
  const pair = `${EMBED_BASE_PATH}/${card.coin1}/${card.coin2}`;
  return card.kind === "ladder" ? `${pair}/${LADDER_SEGMENT}` : pair;
}

/** A card's title (its heading, the iframe's title, the image's alt text), from its coins' symbols in order. */
export function cardTitle(kind: EmbedKind, symbol1: string, symbol2 = ""): string {
  if (kind === "coin") return `${symbol1} price and market cap`;
  const [coin1, coin2] = [{ symbol: symbol1 }, { symbol: symbol2 }];
  return kind === "ladder" ? ladderTitle(coin1, coin2) : pairQuestion(coin1, coin2);
}

/** The card's PNG. */
export function cardImagePath(card: EmbedCard): string {
  return `${embedPath(card)}/${CARD_IMAGE_SEGMENT}`;
}

/** The page a card stands for, which its link opens; `search` ("?…" or "") goes before the ladder's #anchor. */
export function cardPagePath(card: EmbedCard, search = ""): string {
  if (card.kind === "coin") return `${coinPath(card.coin)}${search}`;
  const pair = `${pairPath(card.coin1, card.coin2)}${search}`;
  return card.kind === "ladder" ? `${pair}#${LADDER_ANCHOR}` : pair;
}

/** Only the parameters this kind of card reads, in the order given, others dropped; "" when none is left. */
export function cardSearch(kind: EmbedKind, search: string | URLSearchParams): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, value] of given) if (CARD_PARAMS[kind].includes(name) && !kept.has(name) && value !== "") kept.set(name, value);
  const text = kept.toString();
  return text ? `?${text}` : "";
}

/** The theme a query names; anything else is the site's own, dark. */
export function themeFromSearch(search: string | URLSearchParams): EmbedTheme {
  return new URLSearchParams(search).get(THEME_PARAM) === "light" ? "light" : "dark";
}
