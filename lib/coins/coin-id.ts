// What a coin id looks like: a readable lowercase slug ("pls", "hex", "ptgc"). Kept apart from
// the zod schemas so that browser code can check an id without loading zod.
export const COIN_ID_PATTERN = /^[a-z0-9-]{1,64}$/;

export function isCoinId(value: unknown): value is string {
  return typeof value === "string" && COIN_ID_PATTERN.test(value);
}

/** PulseChain's native coin: the unit of the site's PLS figures and of listing payments. */
export const PLS_COIN_ID = "pls";
