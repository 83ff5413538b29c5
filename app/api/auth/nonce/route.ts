// Issues a single-use Sign-In with Ethereum nonce for the message the wallet will sign.
import { NextResponse } from "next/server";
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { assertSameOrigin } from "@/lib/api/same-origin";
import { authServiceUnavailable, getAuthConfig } from "@/lib/auth/config";
import { issueNonce } from "@/lib/auth/nonces";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

export const POST = withErrorHandling(async (request) => {
  const auth = getAuthConfig();
  if (!auth.ok) throw authServiceUnavailable(auth.missing);
  assertSameOrigin(request, auth.config.origins);
  const { nonce, expiresAt } = await issueNonce(getDb());
  return NextResponse.json({ nonce, expiresAt: expiresAt.toISOString() }, { headers: { "Cache-Control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE } = rejectOtherMethods(["POST"]);
