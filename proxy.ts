// Next 16's request proxy (the renamed middleware.ts). It answers API paths that Next itself
// cannot decode, and runs for no other request: running it costs about half a cached page's
// throughput, so the security headers are set by next.config.mjs instead. Access control lives
// in the data path (route handlers and lib/), never here.
import { NextResponse, type NextRequest } from "next/server";
import { errorResponse } from "@/lib/api/errors";

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  // Next answers a malformed percent-escape in a dynamic API segment ("/api/%") with a
  // plain-text 500 before any handler runs; it is the caller's mistake, so say so in JSON.
  return isDecodable(pathname) ? NextResponse.next() : errorResponse(400, "bad_request", "The URL path has a malformed percent-escape.");
}

export const config = {
  // Only API paths with a percent sign: every other request skips the proxy.
  matcher: ["/api/(.*%.*)"],
};
