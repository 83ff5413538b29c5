/** A coin's own page: /coins/{id} (ids are URL-safe slugs). */
export function coinPath(coinId: string): string {
  return `/coins/${coinId}`;
}
