/** A coin's own page: /coins/{id} (ids are URL-safe slugs). */
export function coinPath(coinId: string): string {
  return `/coins/${coinId}`;
}

/** The id of the coin page's 'Where this price comes from' section. */
export const PROVENANCE_ANCHOR = "provenance";

/** That section of a coin's page: the pair page links each coin's here. */
export function coinProvenancePath(coinId: string): string {
  return `${coinPath(coinId)}#${PROVENANCE_ANCHOR}`;
}
