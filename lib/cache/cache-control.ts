/**
 * Public data: no browser keeps it (max-age=0), a shared cache (a CDN, the edge) may keep it 20 s
 * and serve it 20 s longer while refreshing. With the server's own ceiling (public-cache.server.ts)
 * an answer is at most 60 s old wherever it is read. The public API's answers (lib/api/responses.ts)
 * and the embeddable cards (lib/embed/) send it.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=20, stale-while-revalidate=20";
