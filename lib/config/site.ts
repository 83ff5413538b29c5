import { getEnv } from "./env";

/** The site's public origin (no trailing slash), for absolute URLs in metadata. */
export function getSiteUrl(): string {
  return (getEnv().NEXT_PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
}
