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
