import { NextResponse } from "next/server";

/**
 * Public market data: shared caches (a CDN) may keep it for a minute and serve it stale
 * while refreshing; prices move slower than that matters for a comparison.
 */
export function publicJson(data: unknown): NextResponse {
  return NextResponse.json(data, {
    headers: { "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300" },
  });
}

/** A signed-in user's own data: never stored by a shared cache or the browser. */
export function privateJson(data: unknown, status = 200): NextResponse {
  return NextResponse.json(data, { status, headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
}

/** A successful DELETE. */
export function noContent(): Response {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
