// Next 16's request proxy (the renamed middleware.ts). It runs only for the requests its matcher
// names, never for the rest: running it costs about half a cached page's throughput, so the
// security headers are set by next.config.mjs instead. Access control lives in the data path
// (route handlers and lib/), never here.
import { NextResponse, type NextRequest } from "next/server";
import { errorResponse } from "@/lib/api/errors";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";
import { coinPath } from "@/lib/coins/coin-path";
import { resolveSegment } from "@/lib/coins/coin-lookup";
import { pairPath, resolvePair } from "@/lib/compare/pair-route";

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** What could be a coin id or symbol in an old link; the pair page decides which coin it names. */
const COIN_PARAM = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Before comparisons had pages, a comparison's link was /?coin1=hex&coin2=btc. Those links live
 * on in chats and posts, so they move for good to the pair page (a config redirect would carry
 * the old query string along). Anything else stays on the home page.
 */
function oldComparisonLink(request: NextRequest): NextResponse {
  const { searchParams } = request.nextUrl;
  const [coin1, coin2] = [searchParams.get("coin1"), searchParams.get("coin2")];
  if (coin1 && coin2 && COIN_PARAM.test(coin1) && COIN_PARAM.test(coin2)) {
    return NextResponse.redirect(new URL(pairPath(coin1, coin2), request.url), 308);
  }
  return NextResponse.next();
}

/**
 * A pair address that is not two lower-case ids ("/compare/HEX/BTC", "/compare/WETH.e/hex"):
 * a permanent redirect to the coins' ids when both name a coin. Done here rather than in the
 * cached page, whose redirects Next sends with the Location header twice (vercel/next.js#82117).
 */
async function nearMissPair(request: NextRequest): Promise<NextResponse> {
  const [, , first, second] = request.nextUrl.pathname.split("/");
  const [segment1, segment2] = [decoded(first ?? ""), decoded(second ?? "")];
  // Next itself answers a malformed percent-escape in a page segment with a 500: show the 404 page.
  if (segment1 === null || segment2 === null) return NextResponse.rewrite(new URL("/_not-found", request.url), { status: 404 });
  const resolved = resolvePair(await getCoinSnapshot(), segment1, segment2);
  if (resolved.kind === "redirect") return NextResponse.redirect(new URL(resolved.path, request.url), 308);
  // The page answers anything else with its 404.
  return NextResponse.next();
}

/** The same for a coin page: "/coins/HEX" moves for good to "/coins/hex". */
async function nearMissCoin(request: NextRequest): Promise<NextResponse> {
  const segment = decoded(request.nextUrl.pathname.split("/")[2] ?? "");
  if (segment === null) return NextResponse.rewrite(new URL("/_not-found", request.url), { status: 404 });
  const resolved = resolveSegment(await getCoinSnapshot(), segment);
  if (resolved && !resolved.canonical) return NextResponse.redirect(new URL(coinPath(resolved.coin.id), request.url), 308);
  return NextResponse.next();
}

/**
 * "/get-listed/" moves for good to "/get-listed", as Next's own redirect did. Done here
 * (next.config.mjs `skipTrailingSlashRedirect`) because Next sends its routing redirects without
 * the headers next.config.mjs gives every response, and the proxy's answers get them. Repeated
 * slashes collapse as in Next's redirect, so "//evil.example/" stays on this site.
 */
function withoutTrailingSlash(request: NextRequest): NextResponse {
  // A plain URL: a NextURL remembers the trailing slash it was parsed with and writes it back.
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\/{2,}/g, "/").replace(/\/$/, "") || "/";
  return NextResponse.redirect(url, 308);
}

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname !== "/" && pathname.endsWith("/")) return withoutTrailingSlash(request);
  if (pathname === "/") return oldComparisonLink(request);
  if (pathname.startsWith("/compare/")) return nearMissPair(request);
  if (pathname.startsWith("/coins/")) return nearMissCoin(request);
  // Next answers a malformed percent-escape in a dynamic API segment ("/api/%") with a
  // plain-text 500 before any handler runs; it is the caller's mistake, so say so in JSON.
  return decoded(pathname) !== null ? NextResponse.next() : errorResponse("bad_request", "The URL path has a malformed percent-escape.");
}

export const config = {
  matcher: [
    // Any path but "/" that ends in a slash (withoutTrailingSlash): rare, and typed by hand.
    "/(.*)/",
    // Only a path with a percent sign can hold a malformed escape.
    "/api/(.*%.*)",
    "/embed/(.*%.*)",
    // The home page only when it carries an old comparison link.
    { source: "/", has: [{ type: "query", key: "coin1" }, { type: "query", key: "coin2" }] },
    // Pair addresses other than two lower-case ids (and their share images): the canonical
    // pages, which are nearly all the traffic, skip the proxy.
    "/compare/((?![a-z0-9-]+/[a-z0-9-]+(?:/opengraph-image[^/]*)?$).*)",
    // Coin addresses other than a lower-case id (and its share image), likewise.
    "/coins/((?![a-z0-9-]+(?:/opengraph-image[^/]*)?$).*)",
  ],
};
