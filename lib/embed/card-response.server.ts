// The answers of the card routes (app/embed/): the address resolved as the page's is (canonical ids
// served, near misses redirected with the card's choices kept, anything else a 404 card), the
// card worked out from the cached coin snapshot (one lookup per coin: the same cost at any number
// of coins), and sent for shared caches like every public page, so the edge answers a spike of one
// card and a new price reaches it on the pages' schedule.
import "server-only";
import { pairSupplyBases } from "../coins/queries.server";
import { resolveSegment } from "../coins/coin-lookup";
import type { Coin } from "../coins/schemas";
import { getCoinSnapshot } from "../coins/snapshot.server";
import { PUBLIC_CACHE_CONTROL } from "../cache/cache-control";
import { resolvePair } from "../compare/pair-route";
import { clientIp } from "../security/client-ip.server";
import { consumeRateLimit, rateLimitRules } from "../security/rate-limit.server";
import { refusalHeaders } from "../security/rate-limit-headers";
import { renderCardImage } from "./card-image";
import { coinCardModel, ladderCardModel, pairCardModel, type CardModel } from "./card-model";
import { CARD_CSP, cardHtml, notFoundCardHtml } from "./card-html";
import { cardImagePath, cardSearch, embedPath, themeFromSearch, type EmbedCard, type EmbedKind } from "./embed-path";

/** The card itself, or its PNG. */
export type CardFormat = "html" | "png";

/** What one card address names: the segments as Next hands them over (decoded). */
export type CardAddress = { kind: "pair" | "ladder"; segment1: string; segment2: string } | { kind: "coin"; segment: string };

type Resolved = { kind: "card"; model: CardModel } | { kind: "redirect"; card: EmbedCard } | { kind: "not-found"; message: string };

async function resolve(address: CardAddress, search: string): Promise<Resolved> {
  const snapshot = await getCoinSnapshot();
  if (address.kind === "coin") {
    const found = resolveSegment(snapshot, address.segment);
    if (!found) return { kind: "not-found", message: "No coin by that name on PulseCompare." };
    if (!found.canonical) return { kind: "redirect", card: { kind: "coin", coin: found.coin.id } };
    return { kind: "card", model: coinCardModel(found.coin, search) };
  }
  const pair = resolvePair<Coin>(snapshot, address.segment1, address.segment2);
  if (pair.kind === "not-found") return { kind: "not-found", message: "No pair of coins by those names on PulseCompare." };
  if (pair.kind === "redirect") {
    const [, , id1, id2] = pair.path.split("/");
    return { kind: "redirect", card: { kind: address.kind, coin1: id1!, coin2: id2! } };
  }
  const input = { coin1: pair.coin1, coin2: pair.coin2, bases: pairSupplyBases(snapshot, pair.coin1.id, pair.coin2.id), search };
  return { kind: "card", model: address.kind === "ladder" ? ladderCardModel(input) : pairCardModel(input) };
}

const cardHeaders = (contentType: string) => ({ "Content-Type": contentType, "Cache-Control": PUBLIC_CACHE_CONTROL, "Content-Security-Policy": CARD_CSP });

/** A permanent move, cached like the card: relative, as the pages' redirects are (the client stays on the host it asked). */
const moved = (location: string) => new Response(null, { status: 308, headers: { Location: location, "Cache-Control": PUBLIC_CACHE_CONTROL } });

const errorJson = (status: number, code: string, message: string, headers: Record<string, string>) => Response.json({ error: { code, message } }, { status, headers });

/** The answer for a card address in either format. */
export async function cardResponse(request: Request, address: CardAddress, format: CardFormat): Promise<Response> {
  const { search } = new URL(request.url);
  const kind: EmbedKind = address.kind;
  const canonicalSearch = cardSearch(kind, search);
  const resolved = await resolve(address, search);
  // Parameters the card does not read (a cache-buster, a tracker) go: every address of one card
  // is then one entry at the edge, and a junk parameter costs a redirect, never a drawing.
  if (resolved.kind === "card" && search !== canonicalSearch) return moved(`${new URL(request.url).pathname}${canonicalSearch}`);
  if (resolved.kind === "redirect") return moved(`${format === "png" ? cardImagePath(resolved.card) : embedPath(resolved.card)}${canonicalSearch}`);
  if (resolved.kind === "not-found") {
    if (format === "png") return errorJson(404, "not_found", resolved.message, { "Cache-Control": PUBLIC_CACHE_CONTROL });
    return new Response(notFoundCardHtml(themeFromSearch(search), resolved.message), { status: 404, headers: cardHeaders("text/html; charset=utf-8") });
  }
  if (format === "html") return new Response(cardHtml(resolved.model), { headers: cardHeaders("text/html; charset=utf-8") });
  const verdict = await consumeRateLimit("card-image", { ip: clientIp(request) });
  if (!verdict.allowed) {
    const seconds = verdict.retryAfterSeconds;
    const headers = refusalHeaders(rateLimitRules("card-image"), verdict.standing, seconds);
    return errorJson(429, "rate_limited", `Too many new card images. Try again in ${seconds} s.`, { ...headers, "Cache-Control": "no-store" });
  }
  const image = renderCardImage(resolved.model);
  const headers = new Headers(image.headers);
  // next/og marks its images for a year; the card's PNG changes with the prices.
  headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  return new Response(image.body, { status: image.status, headers });
}

type Segments = { coin1: string; coin2?: string };

/** A card route's GET: each of app/embed/'s six routes is one kind of card in one format. */
export function cardRoute(kind: EmbedKind, format: CardFormat) {
  return async (request: Request, { params }: { params: Promise<Segments> }): Promise<Response> => {
    const { coin1, coin2 } = await params;
    const address: CardAddress = kind === "coin" ? { kind, segment: coin1 } : { kind, segment1: coin1, segment2: coin2 ?? "" };
    return cardResponse(request, address, format);
  };
}
