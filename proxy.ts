// Next 16's request proxy (the renamed middleware.ts). It adds response headers, and answers
// API paths that Next itself cannot decode. Access control lives in the data path (route
// handlers and lib/), never here.
import { NextResponse, type NextRequest } from "next/server";
import { errorResponse } from "@/lib/api/errors";

const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

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
  const response =
    pathname.startsWith("/api/") && !isDecodable(pathname)
      ? errorResponse(400, "bad_request", "The URL path has a malformed percent-escape.")
      : NextResponse.next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Static assets need none of this; skip them to keep the proxy off the hot path.
  matcher: ["/((?!_next/static|_next/image|logos/|favicon.ico|icon.svg|logo.svg).*)"],
};
