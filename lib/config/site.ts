import { getEnv } from "./env";

/**
 * The site's public origin (no trailing slash), for absolute URLs in metadata: NEXT_PUBLIC_SITE_URL,
 * else the first of AUTH_ORIGINS (the origin sign-in treats as canonical, lib/auth/config.server.ts),
 * else the dev server's. A deployment that sets only AUTH_ORIGINS gets its sitemap, canonical
 * links and share images on its own origin, not on localhost.
 */
export function getSiteUrl(): string {
  const env = getEnv();
  return (env.NEXT_PUBLIC_SITE_URL ?? env.AUTH_ORIGINS?.[0] ?? "http://localhost:3000").replace(/\/+$/, "");
}
