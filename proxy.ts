// Next 16's request proxy (the renamed middleware.ts). It runs only for the two kinds of request
// its matcher names, never for the rest: running it costs about half a cached page's throughput,
// so the security headers are set by next.config.mjs instead. Access control lives in the data
// path (route handlers and lib/), never here.
import { NextResponse, type NextRequest } from "next/server";
import { errorResponse } from "@/lib/api/errors";
import { pairPath } from "@/lib/compare/pair-route";

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** What could be a coin id or symbol; the pair page decides which coin, if any, it names. */
const COIN_PARAM = /^[A-Za-z0-9-]{1,64}$/;

export function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === "/") {
    // Before comparisons had pages, a comparison's link was /?coin1=hex&coin2=btc. Those links
    // live on in chats and posts, so they move for good to the pair page (a config redirect
    // would carry the old query string along). Anything else stays on the home page.
    const [coin1, coin2] = [searchParams.get("coin1"), searchParams.get("coin2")];
    if (coin1 && coin2 && COIN_PARAM.test(coin1) && COIN_PARAM.test(coin2)) {
      return NextResponse.redirect(new URL(pairPath(coin1, coin2), request.url), 308);
    }
    return NextResponse.next();
  }
  // Next answers a malformed percent-escape in a dynamic API segment ("/api/%") with a
  // plain-text 500 before any handler runs; it is the caller's mistake, so say so in JSON.
  return isDecodable(pathname) ? NextResponse.next() : errorResponse(400, "bad_request", "The URL path has a malformed percent-escape.");
}

export const config = {
  matcher: [
    // Only a path with a percent sign can hold a malformed escape.
    "/api/(.*%.*)",
    // The home page only when it carries an old comparison link.
    { source: "/", has: [{ type: "query", key: "coin1" }, { type: "query", key: "coin2" }] },
  ],
};
