// The signed-in user, or 401 JSON. The client decides "signed in" from this call alone, and asks
// only while the "signed in" hint cookie is present; a 401 clears that hint (it was stale), so
// the next visit stays quiet.
import { NextResponse } from "next/server";
import { errorResponse, rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { getAuthConfig } from "@/lib/auth/config";
import { getSessionUser, unauthenticated } from "@/lib/auth/current-user";
import { signedInHintCookie } from "@/lib/auth/signed-in-hint";

export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async (request) => {
  const user = await getSessionUser(request);
  if (!user) {
    const { status, code, message } = unauthenticated();
    const response = errorResponse(status, code, message);
    const auth = getAuthConfig();
    const secure = auth.ok ? auth.config.secureCookies : new URL(request.url).protocol === "https:";
    response.headers.append("Set-Cookie", signedInHintCookie({ maxAgeSeconds: 0, secure }));
    return response;
  }
  return NextResponse.json(
    { id: user.id, address: user.address, createdAt: user.createdAt.toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
