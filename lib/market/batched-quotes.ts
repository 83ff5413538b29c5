// The part every batching source shares: normalise each coin's quoteId to a key, refuse keys the
// source can't ask about, ask for the unique keys in batches (concurrently), and turn the answers
// into per-coin quotes and failures. `fetchBatch` answers each key with a quote or a reason.
import type { Quote, QuoteFailure, QuoteRequest, SourceResult } from "./types";

export async function quoteInBatches(
  requests: readonly QuoteRequest[],
  options: {
    source: string;
    batchSize: number;
    /** The key to ask the source for, or a reason the quoteId can't be asked about. */
    keyOf: (quoteId: string) => { key: string } | { invalid: string };
    fetchBatch: (keys: readonly string[]) => Promise<Map<string, Quote | string>>;
  },
): Promise<SourceResult> {
  const quotes = new Map<string, Quote>();
  const failures: QuoteFailure[] = [];
  try {
    const keyed = requests.map((request) => ({ ...request, key: options.keyOf(request.quoteId) }));
    const keys = [...new Set(keyed.flatMap(({ key }) => ("key" in key ? [key.key] : [])))];
    const batches: string[][] = [];
    for (let i = 0; i < keys.length; i += options.batchSize) batches.push(keys.slice(i, i + options.batchSize));
    const results = new Map<string, Quote | string>();
    for (const batch of await Promise.all(batches.map(options.fetchBatch))) for (const [key, result] of batch) results.set(key, result);

    for (const { coinId, key } of keyed) {
      const result = "key" in key ? results.get(key.key) : `${options.source}: ${key.invalid}`;
      if (result === undefined) failures.push({ coinId, reason: `${options.source}: no result for ${"key" in key ? key.key : ""}` });
      else if (typeof result === "string") failures.push({ coinId, reason: result });
      else quotes.set(coinId, result);
    }
  } catch (error) {
    // Not expected (fetchBatch reports per key); a source never throws, so whatever is left fails.
    const reason = `${options.source}: ${String(error)}`;
    for (const { coinId } of requests) if (!quotes.has(coinId) && !failures.some((f) => f.coinId === coinId)) failures.push({ coinId, reason });
  }
  return { quotes, failures };
}
