// Next 16's request proxy (the renamed middleware.ts). It only adds response headers;
// access control lives in the data path (route handlers and lib/), never here.
import { NextResponse, type NextRequest } from "next/server";

const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

export function proxy(_request: NextRequest) {
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Static assets need none of this; skip them to keep the proxy off the hot path.
  matcher: ["/((?!_next/static|_next/image|logos/|favicon.ico|icon.svg|logo.svg).*)"],
};
