// What the bench loads: the public pages and API reads of issue 12, and (at 62 coins) the writes
// and a signed-in user's lists that the bench measured before.
import type { BenchRequest } from "./http-get";

export type Target = BenchRequest & {
  name: string;
  /** The status a working route answers; anything else prints as "n/a (status N)". */
  expectedStatus: number;
  /** Decides the reference file's extension, hence the Content-Type the static file is served with. */
  kind: "html" | "json" | "png";
};

/** A pair page (issue 13), the one the goal table judges. */
export const PAIR_PAGE = "/compare/hex/btc";
export const PAIR_IMAGE = `${PAIR_PAGE}/opengraph-image`;

/** A coin page (issue 16), its share image, and the longest history its chart asks for. */
export const COIN_PAGE = "/coins/hex";
export const COIN_IMAGE = `${COIN_PAGE}/opengraph-image`;
export const HISTORY_ALL = "/api/cryptocurrencies/hex/history?range=all";

/** The pages Lighthouse audits: issue 12's three, a pair page and a coin page. */
export const AUDITED_PAGES = ["/", "/get-listed", "/playground", PAIR_PAGE, COIN_PAGE] as const;

/** Pages whose first-load JS is printed: the public ones, the signed-in lists' pages and the 404 page. */
export const FIRST_LOAD_PAGES = ["/", "/playground", "/get-listed", PAIR_PAGE, COIN_PAGE, "/watchlist", "/saved", "/no-such-page"] as const;

const page = (path: string, expectedStatus = 200): Target => ({ name: path, path, kind: "html", expectedStatus });
const read = (path: string): Target => ({ name: path, path, kind: "json", expectedStatus: 200 });

export const PUBLIC_TARGETS: readonly Target[] = [
  page("/"),
  page("/get-listed"),
  page("/playground"),
  page(PAIR_PAGE),
  { name: PAIR_IMAGE, path: PAIR_IMAGE, kind: "png", expectedStatus: 200 },
  page(COIN_PAGE),
  { name: COIN_IMAGE, path: COIN_IMAGE, kind: "png", expectedStatus: 200 },
  page("/no-such-page", 404),
  read("/api/cryptocurrencies"),
  read("/api/cryptocurrencies?per_page=250&page=1"),
  read("/api/cryptocurrencies/pls"),
  read("/api/cryptocurrencies?ids=pls,hex"),
  read("/api/trending/top-gainers"),
  read("/api/trending/pulsechain-gainers"),
  read("/api/trending/recently-listed"),
  read("/api/trending/most-compared"),
  read("/api/comparisons/featured"),
  read("/api/coin-index"),
  // At 5,000 coins every coin has 2,248 snapshots (synthetic-history.ts); "all" thins them to ~1,040 days.
  read(HISTORY_ALL),
];

/** File-name-safe, unique per method and path: "GET /api/cryptocurrencies?ids=pls,hex" -> "get-api-cryptocurrencies-ids-pls-hex". */
export function targetSlug(target: Target): string {
  const slug = `${target.method ?? "GET"} ${target.path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return target.path === "/" ? `${slug}-home` : slug;
}
