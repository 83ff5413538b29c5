// DexScreener: live prices of PulseChain tokens from their DEX pools, no key needed.
// GET {base}/tokens/v1/pulsechain/{addr1,addr2,...} (up to 30 addresses) answers an array of
// pair objects; a token's price is the one of its deepest pool (highest liquidity.usd) among the
// pairs where it is the *base* token and that have a usable priceUsd (in a pair where it is the
// quote token, priceUsd is the other token's price). Pairs that don't match the schema are
// skipped one by one; a body that is not an array fails the whole batch.
import "server-only";
import { z } from "zod";
import { createPacer, DEFAULT_RETRY, fetchSourceJson, SourceError, type RetryPolicy } from "../http.server";
import { batchFailure, quoteInBatches, type BatchAnswer } from "../batched-quotes";
import type { FetchOptions, PriceSource, Quote, QuoteRequest, SourceResult } from "../types";

export const DEXSCREENER_BASE_URL = "https://api.dexscreener.com";
const CHAIN_ID = "pulsechain";
/** Addresses per call (the endpoint's limit). */
export const DEXSCREENER_BATCH_SIZE = 30;

// DexScreener allows 300 requests/min per client IP, so one pace for the whole process, shared by
// every instance (instances only differ by policy/base URL, never by quota).
const sharedPace = createPacer(300);

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

// Only the fields we read; anything else in a pair is ignored (not .strict()).
const tokenSchema = z.object({ address: z.string() });
const pairSchema = z.object({
  chainId: z.string(),
  pairAddress: z.string().optional(),
  dexId: z.string().nullish(),
  baseToken: tokenSchema,
  quoteToken: tokenSchema,
  priceUsd: z.string().nullish(),
  priceChange: z.object({ h24: z.number().nullish() }).nullish(),
  liquidity: z.object({ usd: z.number().nullish() }).nullish(),
  marketCap: z.number().nullish(),
});
type Pair = z.infer<typeof pairSchema>;

// The body must be an array; its items are checked one by one so one odd pair is skipped
// instead of failing the whole batch.
const answerSchema = z.array(z.unknown());

export type DexScreenerOptions = {
  policy?: RetryPolicy;
  baseUrl?: string;
  /** Replaces the process-wide 300/min pace (tests). */
  pace?: () => Promise<void>;
};

function reasonOf(error: unknown): string {
  return `dexscreener: ${error instanceof SourceError ? error.message : String(error)}`;
}

/** The lower-cased base token address of a pair that failed validation, if it has one. */
function baseAddressOf(item: unknown): string | null {
  const parsed = z.object({ baseToken: tokenSchema }).safeParse(item);
  return parsed.success ? parsed.data.baseToken.address.toLowerCase() : null;
}

function usablePrice(pair: Pair): number | null {
  if (pair.priceUsd == null || pair.priceUsd.trim() === "") return null;
  const price = Number(pair.priceUsd);
  return Number.isFinite(price) && price > 0 ? price : null;
}

/** The quote for `address` from the pairs of one answer, or why there is none. */
function quoteFor(address: string, pairs: readonly Pair[], malformed: ReadonlyMap<string, string>, askedAt: Date): Quote | string {
  const asBase = pairs.filter((pair) => pair.chainId === CHAIN_ID && pair.baseToken.address.toLowerCase() === address);
  if (asBase.length === 0) {
    const problem = malformed.get(address);
    return problem ? `dexscreener: unexpected pair for ${address}: ${problem}` : `dexscreener: no pair for ${address}`;
  }
  let best: { pair: Pair; price: number } | undefined;
  for (const pair of asBase) {
    const price = usablePrice(pair);
    if (price === null) continue;
    const depth = pair.liquidity?.usd ?? -1;
    if (!best || depth > (best.pair.liquidity?.usd ?? -1)) best = { pair, price };
  }
  if (!best) {
    const shown = asBase.map((pair) => JSON.stringify(pair.priceUsd ?? null)).join(", ");
    return `dexscreener: no usable USD price for ${address} (priceUsd ${shown})`;
  }
  const { pair, price } = best;
  return {
    price,
    marketCap: pair.marketCap != null && Number.isFinite(pair.marketCap) && pair.marketCap > 0 ? pair.marketCap : null,
    change24h: pair.priceChange?.h24 ?? null,
    liquidityUsd: pair.liquidity?.usd ?? null,
    provenance: { source: "dexscreener", pair: pair.pairAddress ?? null, dexId: pair.dexId ?? null, at: askedAt.toISOString() },
  };
}

export function createDexScreenerSource(options: DexScreenerOptions = {}): PriceSource {
  const baseUrl = (options.baseUrl ?? DEXSCREENER_BASE_URL).replace(/\/+$/, "");
  const policy = options.policy ?? DEFAULT_RETRY;
  const pace = options.pace ?? sharedPace;

  /** Quotes (or failure reasons) per lower-cased address of one batch. */
  async function fetchBatch(addresses: readonly string[]): Promise<Map<string, BatchAnswer>> {
    const out = new Map<string, BatchAnswer>();
    try {
      const askedAt = new Date();
      const body = await fetchSourceJson(`${baseUrl}/tokens/v1/${CHAIN_ID}/${addresses.join(",")}`, answerSchema, { pace, policy });
      const pairs: Pair[] = [];
      // Base token address -> what was wrong with a skipped pair, to say why a token has no pair.
      const malformed = new Map<string, string>();
      for (const item of body) {
        const parsed = pairSchema.safeParse(item);
        if (parsed.success) pairs.push(parsed.data);
        else {
          const base = baseAddressOf(item);
          const issue = parsed.error.issues[0];
          if (base && issue) malformed.set(base, `${issue.path.join(".") || "pair"}: ${issue.message}`);
        }
      }
      for (const address of addresses) out.set(address, quoteFor(address, pairs, malformed, askedAt));
    } catch (error) {
      const failure = batchFailure(reasonOf(error), error);
      for (const address of addresses) out.set(address, failure);
    }
    return out;
  }

  return {
    name: "dexscreener",
    fetchQuotes(requests: readonly QuoteRequest[], fetchOptions: FetchOptions = {}): Promise<SourceResult> {
      return quoteInBatches(requests, {
        source: "dexscreener",
        batchSize: DEXSCREENER_BATCH_SIZE,
        keyOf: (quoteId) => {
          const address = quoteId.trim().toLowerCase();
          return ADDRESS.test(address) ? { key: address } : { invalid: `not a token address: ${JSON.stringify(quoteId)}` };
        },
        fetchBatch,
        deadline: fetchOptions.deadline,
      });
    },
  };
}
