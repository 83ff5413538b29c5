// POST /api/admin/coins/{id}/rename: an operator's own name and symbol for a coin, in place of what
// its contract reads (issue 30: pWETH, the PulseChain copy of WETH, reads "Wrapped Ether" / "WETH").
// The limits are the listing's (lib/market/onchain/token-text.ts: 64 and 16 code points, no control,
// invisible or direction characters), but a listing cleans what a contract says while an operator's
// text is refused: a hidden character typed or pasted here is a mistake to point at, not to drop.
// Case is kept as typed: the site stores symbols as their tokens spell them ("pDAI", "eHEX", "TSFi").
import { hasHiddenCharacters, MAX_TOKEN_NAME_LENGTH, MAX_TOKEN_SYMBOL_LENGTH } from "@/lib/market/onchain/token-text";
import { z } from "../shared/zod";

const codePoints = (text: string) => Array.from(text).length;

function tokenTextSchema(what: "name" | "symbol", max: number) {
  return z
    .string()
    .trim()
    .min(1, `A ${what} cannot be empty.`)
    .refine((text) => codePoints(text) <= max, `A ${what} is at most ${max} characters.`)
    .refine((text) => !hasHiddenCharacters(text), `A ${what} cannot hold control, invisible or direction characters (tabs and line breaks included).`);
}

/** What the site shows as the coin's name; runs of spaces become one, as a listing's do. */
export const coinNameSchema = tokenTextSchema("name", MAX_TOKEN_NAME_LENGTH).transform((name) => name.replace(/ {2,}/g, " "));

/** The coin's symbol: one word, as typed ("pWETH"). */
export const coinSymbolSchema = tokenTextSchema("symbol", MAX_TOKEN_SYMBOL_LENGTH).refine((symbol) => !symbol.includes(" "), "A symbol is one word: no spaces.");

export const renameCoinBodySchema = z
  .strictObject({ name: coinNameSchema.optional(), symbol: coinSymbolSchema.optional() })
  .refine((body) => body.name !== undefined || body.symbol !== undefined, { message: "Give a new name, a new symbol or both." });
export type RenameCoinInput = z.input<typeof renameCoinBodySchema>;
export type RenameCoinBody = z.output<typeof renameCoinBodySchema>;
