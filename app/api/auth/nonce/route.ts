import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { requireAuthConfig } from "@/lib/auth/config.server";
import { issueNonce } from "@/lib/auth/nonces.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.nonce, async () => {
    requireAuthConfig();
    const { nonce, expiresAt } = await issueNonce(getDb());
    return { nonce, expiresAt: expiresAt.toISOString() };
  }),
});
