import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getSiteOrigins } from "@/lib/auth/config.server";
import { DomainError } from "@/lib/errors/domain-error";
import { loginRedirectTarget, safeReturnPath } from "@/lib/auth/login-redirect";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.login, async ({ request, query: { returnTo } }) => {
    const origins = getSiteOrigins();
    if (!origins) throw new DomainError("unavailable", "The site's origin is not configured on this server.");
    // returnTo is a safe path already (the contract's query schema refuses any other with a 400).
    const path = returnTo !== undefined ? safeReturnPath(returnTo) : fromReferer(request.headers.get("referer"), origins);
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
