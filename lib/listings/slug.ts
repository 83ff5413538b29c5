// Coin ids for new listings: readable slugs from the symbol ("pTGC" -> "ptgc"), made unique with
// a numbered suffix ("pepe-2") when the id is taken.
import { coinIdSchema } from "@/lib/coins/schemas";

const MAX_BASE_LENGTH = 32;

/** The symbol as a coin id: lowercase letters, digits and single hyphens; "token" when nothing is left. */
export function slugFromSymbol(symbol: string): string {
  const slug = symbol
    .normalize("NFKD")
    .replace(/\p{M}/gu, "") // accents come apart under NFKD: "ö" -> "o" + a combining mark
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_BASE_LENGTH)
    .replace(/-+$/, "");
  return slug || "token";
}

/**
 * Ids a coin cannot have: path segments the admin API uses beside /api/admin/coins/{id}
 * (a coin "preview" could never be edited: GET /api/admin/coins/preview is the listing preview).
 */
const RESERVED_IDS: ReadonlySet<string> = new Set(["preview"]);

/** The first of slug, slug-2, slug-3, ... that `taken` does not contain and is not reserved. */
export function firstFreeId(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug) && !RESERVED_IDS.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const candidate = `${slug}-${n}`;
    if (!taken.has(candidate)) return coinIdSchema.parse(candidate);
  }
}
