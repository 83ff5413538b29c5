// oEmbed 1.0 (https://oembed.com) for the embeddable cards (issue 54): a page address of this site
// (a pair page, its ladder section, a coin page, or a card's own address) -> the card that stands
// for it, and the `rich` answer that frames that card. Pure: the caller brings the coin lookups (the
// cached snapshot's) and the site's origin, so every case is tested without a server.
// docs/spec-notes.md ("oEmbed") records the readings taken where the spec leaves a choice.
import { resolveSegment, type CoinLookup } from "../coins/coin-lookup";
import { coinPath } from "../coins/coin-path";
import { coinTitle } from "../coins/coin-page-copy";
import { computeComparison, type ComparableCoin } from "../compare/comparison";
import { ladderTitle, pairTitle } from "../compare/pair-copy";
import { COMPARE_BASE_PATH, resolvePair } from "../compare/pair-route";
import { SHARE_IMAGE_SIZE } from "../shared/share-frame";
import {
  CARD_SIZES,
  EMBED_BASE_PATH,
  LADDER_ANCHOR,
  LADDER_SEGMENT,
  MIN_CARD_WIDTH,
  cardImagePath,
  cardSearch,
  embedPath,
  type EmbedCard,
  type EmbedKind,
} from "./embed-path";
import type { OembedAnswer } from "./oembed-schema";
import { iframeHtml } from "./snippets";

export type { OembedAnswer } from "./oembed-schema";

export const OEMBED_PATH = "/api/oembed";
export const OEMBED_JSON_TYPE = "application/json+oembed";
export const PROVIDER_NAME = "PulseCompare";

/**
 * How long a consumer may keep an answer: the pages' own cache life (app/layout.tsx `revalidate`),
 * as the pair card's title carries today's price and multiplier like the page's title does.
 */
export const OEMBED_CACHE_AGE_SECONDS = 20;

/** The card PNGs' size (app/embed/.../card.png, lib/embed/card-image.tsx: the share images' size), every kind's the thumbnail. */
export const CARD_IMAGE_SIZE = SHARE_IMAGE_SIZE;

/** What a card's title needs of a coin: the comparison's figures, its symbol and name. */
export type OembedCoin = ComparableCoin & { id: string; symbol: string; name: string };

/** A card with its coins, canonical whatever near miss (an upper-case id, a symbol) the address used. */
export type ResolvedCard<C> = { kind: "pair" | "ladder"; coin1: C; coin2: C } | { kind: "coin"; coin: C };

export type OembedRequest = { url: string; maxwidth?: number; maxheight?: number };

/** Why there is no answer: both are the spec's 404 ("no response for the requested url"). */
export type OembedRefusal = { refused: "not-a-card-page" | "does-not-fit"; message: string };

/**
 * The `href` of a page's discovery link: the endpoint, the page's absolute address and the format,
 * and nothing else (the spec's section 4).
 */
export function oembedDiscoveryUrl(siteUrl: string, pagePath: string): string {
  return `${siteUrl}${OEMBED_PATH}?url=${encodeURIComponent(`${siteUrl}${pagePath}`)}&format=json`;
}

/**
 * The card an address of this site stands for, with the card's query (only the parameters that
 * kind of card reads, lib/embed/embed-path.ts `cardSearch`), or null when it names none: another
 * origin or scheme, no absolute URL at all, a path that is not one of the pages or cards, or a coin
 * that does not exist. Coins resolve as the pages resolve them (lib/compare/pair-route.ts).
 */
export function cardForUrl<C extends { id: string }>(lookup: CoinLookup<C>, siteUrl: string, url: string): { card: ResolvedCard<C>; search: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url); // no base: a relative address is no address of this site
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (parsed.origin !== new URL(siteUrl).origin || parsed.username !== "" || parsed.password !== "") return null;
  const segments = pathSegments(parsed.pathname);
  if (!segments) return null;
  const resolved = resolveCardPath(lookup, segments, parsed.hash);
  return resolved && { card: resolved, search: cardSearch(resolved.kind, parsed.search) };
}

/** The path's decoded segments, as Next hands a page its params; a trailing slash (the pages redirect it) is dropped. */
function pathSegments(pathname: string): string[] | null {
  const raw = pathname.replace(/\/$/, "").split("/").slice(1);
  try {
    return raw.map((segment) => decodeURIComponent(segment));
  } catch {
    return null; // a malformed percent-escape
  }
}

const COMPARE_ROOT = COMPARE_BASE_PATH.slice(1);
const EMBED_ROOT = EMBED_BASE_PATH.slice(1);
/** "coins", from the coin page's own address (/coins/{id}). */
const COINS_ROOT = coinPath("").split("/")[1];

function resolveCardPath<C extends { id: string }>(lookup: CoinLookup<C>, segments: string[], hash: string): ResolvedCard<C> | null {
  const [root, ...rest] = segments;
  if (root === COINS_ROOT && rest.length === 1) return coinCard(lookup, rest[0]!);
  if (root === COMPARE_ROOT && rest.length === 2) {
    // The ladder has no page of its own: it is the pair page's section, named by its anchor.
    return pairCard(lookup, rest[0]!, rest[1]!, hash === `#${LADDER_ANCHOR}` ? "ladder" : "pair");
  }
  if (root === EMBED_ROOT) {
    // A card's own address, as pasted from the Embed dialog: it stands for itself.
    if (rest.length === 1) return coinCard(lookup, rest[0]!);
    if (rest.length === 2) return pairCard(lookup, rest[0]!, rest[1]!, "pair");
    if (rest.length === 3 && rest[2] === LADDER_SEGMENT) return pairCard(lookup, rest[0]!, rest[1]!, "ladder");
  }
  return null;
}

function coinCard<C extends { id: string }>(lookup: CoinLookup<C>, segment: string): ResolvedCard<C> | null {
  const resolved = resolveSegment(lookup, segment);
  return resolved && { kind: "coin", coin: resolved.coin };
}

function pairCard<C extends { id: string }>(lookup: CoinLookup<C>, segment1: string, segment2: string, kind: "pair" | "ladder"): ResolvedCard<C> | null {
  // The pair page's rule decides whether this is a pair (two known, different coins); a near miss
  // it would redirect is the canonical pair here, as the consumer would land there anyway.
  if (resolvePair(lookup, segment1, segment2).kind === "not-found") return null;
  return { kind, coin1: resolveSegment(lookup, segment1)!.coin, coin2: resolveSegment(lookup, segment2)!.coin };
}

/** The card's address by ids alone (lib/embed/embed-path.ts). */
export function embedCardOf(card: ResolvedCard<{ id: string }>): EmbedCard {
  return card.kind === "coin" ? { kind: "coin", coin: card.coin.id } : { kind: card.kind, coin1: card.coin1.id, coin2: card.coin2.id };
}

/**
 * The frame's size within the consumer's limits, which a `rich` answer must obey: the card's offered
 * width, narrowed to `maxwidth` down to MIN_CARD_WIDTH (the narrowest it lays out in), at its offered
 * height. Null when no frame fits: `maxwidth` under MIN_CARD_WIDTH or `maxheight` under the height.
 */
export function frameSize(kind: EmbedKind, limits: { maxwidth?: number; maxheight?: number }): { width: number; height: number } | null {
  const offered = CARD_SIZES[kind];
  const width = Math.min(offered.width, limits.maxwidth ?? offered.width);
  if (width < MIN_CARD_WIDTH) return null;
  if (limits.maxheight !== undefined && limits.maxheight < offered.height) return null;
  return { width, height: offered.height };
}

/** The words the page the card stands for is titled by. */
export function pageTitleOf(card: ResolvedCard<OembedCoin>): string {
  if (card.kind === "coin") return coinTitle(card.coin);
  if (card.kind === "ladder") return ladderTitle(card.coin1, card.coin2);
  return pairTitle(computeComparison(card.coin1, card.coin2));
}

/** The whole answer for `request.url`, or why there is none. */
export function oembedFor<C extends OembedCoin>(lookup: CoinLookup<C>, siteUrl: string, request: OembedRequest): OembedAnswer | OembedRefusal {
  const found = cardForUrl(lookup, siteUrl, request.url);
  if (!found) return { refused: "not-a-card-page", message: "That URL is not a pair, coin or ladder page of this site, or names no coin." };
  const { card, search } = found;
  const size = frameSize(card.kind, request);
  if (!size) {
    const offered = CARD_SIZES[card.kind];
    return {
      refused: "does-not-fit",
      message: `This card needs at least ${MIN_CARD_WIDTH} px of width and ${offered.height} px of height; maxwidth or maxheight leaves less.`,
    };
  }
  const address = embedCardOf(card);
  const title = pageTitleOf(card);
  const src = `${siteUrl}${embedPath(address)}${search}`;
  return {
    version: "1.0",
    type: "rich",
    title,
    provider_name: PROVIDER_NAME,
    provider_url: siteUrl,
    cache_age: OEMBED_CACHE_AGE_SECONDS,
    // A frame and nothing that runs: the card posts its own height to the page that frames it.
    html: iframeHtml({ src, title, ...size }),
    ...size,
    ...thumbnail(address, search, siteUrl, request),
  };
}

/** The card's PNG, when its kind has one of known size and it fits the limits (the spec: a thumbnail must respect them too). */
function thumbnail(address: EmbedCard, search: string, siteUrl: string, limits: { maxwidth?: number; maxheight?: number }) {
  if (CARD_IMAGE_SIZE.width > (limits.maxwidth ?? Infinity) || CARD_IMAGE_SIZE.height > (limits.maxheight ?? Infinity)) return {};
  return { thumbnail_url: `${siteUrl}${cardImagePath(address)}${search}`, thumbnail_width: CARD_IMAGE_SIZE.width, thumbnail_height: CARD_IMAGE_SIZE.height };
}
