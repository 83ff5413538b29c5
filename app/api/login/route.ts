// The 'Log in' links' target: back to the page the visitor came from (?returnTo=, else the
// Referer when it is this site), with the wallet connect dialog open.
import { z } from "zod";
import { ApiError, rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { getAuthConfig } from "@/lib/auth/config";
import { loginRedirectTarget, safeReturnPath } from "@/lib/wallet/login-redirect";

export const dynamic = "force-dynamic";

const querySchema = z.strictObject({ returnTo: z.string().optional() });

export const GET = withErrorHandling(async (request) => {
  const { returnTo } = parseQuery(request, querySchema);
  let path: string | null = null;
  if (returnTo !== undefined) {
    path = safeReturnPath(returnTo);
    if (path === null) throw new ApiError(400, "invalid_query", "returnTo must be a path on this site, such as /watchlist.");
  } else {
    path = fromReferer(request.headers.get("referer"));
  }
  return new Response(null, {
    status: 303,
    headers: { Location: loginRedirectTarget(path), "Cache-Control": "no-store" },
  });
});

function fromReferer(referer: string | null): string | null {
  if (!referer) return null;
  const auth = getAuthConfig();
  try {
    const url = new URL(referer);
    if (!auth.ok || !auth.config.origins.includes(url.origin)) return null;
    return safeReturnPath(url.pathname + url.search);
  } catch {
    return null;
  }
}

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
