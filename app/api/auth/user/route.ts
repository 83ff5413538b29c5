import { endpoints } from "@/lib/api/contract";
import { domainErrorResponse } from "@/lib/api/errors";
import { methods, route } from "@/lib/api/route.server";
import { getAuthConfig } from "@/lib/auth/config.server";
import { getSessionUser, unauthenticated } from "@/lib/auth/current-user.server";
import { signedInHintCookie } from "@/lib/auth/signed-in-hint-cookie";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.authUser, async ({ request }) => {
    const user = await getSessionUser(request);
    if (!user) {
      const auth = getAuthConfig();
      const secure = auth.ok ? auth.config.secureCookies : new URL(request.url).protocol === "https:";
      return domainErrorResponse(unauthenticated(), { "Set-Cookie": signedInHintCookie({ maxAgeSeconds: 0, secure }) });
    }
    return { id: user.id, address: user.address, createdAt: user.createdAt.toISOString() };
  }),
});
