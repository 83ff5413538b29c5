// A published price checked against a second source (lib/market/pass/source-check.ts).
import { parseStoredJson } from "../shared/stored-json";
import { z } from "../shared/zod";

export const sourceCheckSchema = z.object({
  /** The other source: DexScreener for on-chain tokens, CoinGecko for PLS. */
  source: z.enum(["dexscreener", "coingecko"]),
  /** The published (on-chain) price and the other source's, USD. */
  ours: z.number(),
  theirs: z.number(),
  /** ours / theirs - 1, in percent. */
  differencePct: z.number(),
  agrees: z.boolean(),
  checkedAt: z.iso.datetime(),
});
export type SourceCheck = z.infer<typeof sourceCheckSchema>;

/** Coin.sourceCheck as a SourceCheck; null when unset or unreadable. */
export const parseSourceCheck = (stored: string | null): SourceCheck | null => parseStoredJson(sourceCheckSchema, stored);
