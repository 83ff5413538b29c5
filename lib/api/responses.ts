/**
 * Public data: no browser keeps it (max-age=0), a shared cache (a CDN) may keep it 20 s and serve
 * it 20 s longer while refreshing. With the server's own ceiling (lib/cache/public-cache.server.ts) an
 * answer is at most 60 s old wherever it is read.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=20, stale-while-revalidate=20";

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
