// What the rate limits count as a client (lib/security/client-ip.server.ts) depends on what is
// in front of the app. Said once, when a server starts, where a deploy left it wrong.
import "server-only";
import { getEnv } from "@/lib/config/env";

export function warnAboutClientAddresses(log: (line: string) => void = (line) => console.warn(line)): void {
  const env = getEnv();
  if (env.VERCEL && env.TRUST_PROXY?.kind !== "vercel") {
    log("[security] running on Vercel without TRUST_PROXY=vercel: the rate limits take the client's address from X-Forwarded-For, which a proxy in front of Vercel could rewrite");
    return;
  }
  if (!env.VERCEL && env.NODE_ENV === "production" && !env.TRUST_PROXY) {
    log(
      "[security] TRUST_PROXY is not set: the rate limits take the client's address from X-Forwarded-For as a client sent it. Serve the site through the edge (deploy/nginx/, docs/operations.md) and set TRUST_PROXY to its address",
    );
  }
}
