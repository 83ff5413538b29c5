import { endpoints } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { methods, route } from "@/lib/api/route.server";
import { getSiteOrigins } from "@/lib/auth/config.server";
import { loginRedirectTarget, safeReturnPath } from "@/lib/wallet/login-redirect";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.login, async ({ request, query: { returnTo } }) => {
    const origins = getSiteOrigins();
    if (!origins) throw new ApiError("service_unavailable", "The site's origin is not configured on this server.");
    let path: string | null = null;
    if (returnTo !== undefined) {
      path = safeReturnPath(returnTo);
      if (path === null) throw new ApiError("invalid_query", "returnTo must be a path on this site, such as /watchlist.");
    } else {
      path = fromReferer(request.headers.get("referer"), origins);
    }
    return new Response(null, { status: 303, headers: { Location: loginRedirectTarget(path, origins[0]!) } });
  }),
});

function fromReferer(referer: string | null, origins: string[]): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (!origins.includes(url.origin)) return null;
    return safeReturnPath(url.pathname + url.search);
  } catch {
    return null;
  }
}
