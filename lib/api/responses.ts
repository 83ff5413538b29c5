import { PUBLIC_CACHE_CONTROL } from "../cache/cache-control";

export { PUBLIC_CACHE_CONTROL };

/** A public JSON body serialised once (the full coin list), sent as is. */
export function publicJsonBody(body: string, cacheControl = PUBLIC_CACHE_CONTROL): Response {
  return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": cacheControl } });
}

/**
 * A body with a content version (the coin index, the bag's token list): asked for as
 * `?v=<current version>` it never changes, so a browser may keep it for good; any other `v` (a
 * page rendered before the data changed) gets the current body, briefly cached.
 */
export function versionedJsonBody(body: string, version: string, askedVersion: string | undefined): Response {
  return publicJsonBody(body, askedVersion === version ? "public, max-age=31536000, immutable" : PUBLIC_CACHE_CONTROL);
}
