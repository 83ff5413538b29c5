// The part every batching source shares: normalise each coin's quoteId to a key, refuse keys the
// source can't ask about, ask for the unique keys in batches, and turn the answers into per-coin
// quotes and failures. `fetchBatch` answers each key with a quote or a reason.
// Batches go out in request order (the pass asks stalest first), a few at a time, and none starts
// after the deadline: the coins of batches never started fail as "deferred", so the next pass,
// where they are the stalest, asks them first.
import { chunk, runInOrder } from "@/lib/shared/in-batches";
import { SourceError } from "./http.server";
import type { Quote, QuoteFailure, QuoteRequest, SourceResult } from "./types";

/** Batches in flight at once per source (the source's pacer still spaces the calls). */
export const BATCHES_IN_FLIGHT = 4;

/** A batch's answer: a quote or a failure reason per key ({ reason, kind } when the source was unreachable). */
export type BatchAnswer = Quote | string | { reason: string; kind: "unreachable" };

/**
 * What a batch whose request threw answers for each of its keys: "unreachable" when the source
 * was out of reach (timeout, network, rate limit, 5xx), which says nothing about the coins; a
 * plain reason when it answered something unusable.
 */
export function batchFailure(reason: string, error: unknown): BatchAnswer {
  const unreachable =
    error instanceof SourceError && (error.kind === "timeout" || error.kind === "network" || error.kind === "rate_limited" || (error.status ?? 0) >= 500);
  return unreachable ? { reason, kind: "unreachable" } : reason;
}

export async function quoteInBatches(
  requests: readonly QuoteRequest[],
  options: {
    source: string;
    batchSize: number;
    /** The key to ask the source for, or a reason the quoteId can't be asked about. */
    keyOf: (quoteId: string) => { key: string } | { invalid: string };
    fetchBatch: (keys: readonly string[]) => Promise<Map<string, BatchAnswer>>;
    /** Epoch ms after which no new batch starts. */
    deadline?: number;
    /** Epoch ms now (tests). */
    clock?: () => number;
  },
): Promise<SourceResult> {
  const clock = options.clock ?? Date.now;
  const quotes = new Map<string, Quote>();
  const failures: QuoteFailure[] = [];
  try {
    const keyed = requests.map((request) => ({ ...request, key: options.keyOf(request.quoteId) }));
    const keys = [...new Set(keyed.flatMap(({ key }) => ("key" in key ? [key.key] : [])))];
    const batches = chunk(keys, options.batchSize);

    const results = new Map<string, BatchAnswer>();
    const deferred = new Set<string>();
    // Batches start in order; past the deadline none starts, and what is left is deferred.
    await runInOrder(batches.length, BATCHES_IN_FLIGHT, async (index) => {
      const batch = batches[index]!;
      if (options.deadline !== undefined && clock() >= options.deadline) {
        for (const key of batch) deferred.add(key);
        return;
      }
      for (const [key, result] of await options.fetchBatch(batch)) results.set(key, result);
    });

    for (const { coinId, key } of keyed) {
      if ("invalid" in key) {
        failures.push({ coinId, reason: `${options.source}: ${key.invalid}` });
        continue;
      }
      const result = results.get(key.key);
      if (deferred.has(key.key)) failures.push({ coinId, reason: `${options.source}: the pass's time budget ran out before this coin was asked`, kind: "deferred" });
      else if (result === undefined) failures.push({ coinId, reason: `${options.source}: no result for ${key.key}` });
      else if (typeof result === "string") failures.push({ coinId, reason: result });
      else if ("kind" in result) failures.push({ coinId, reason: result.reason, kind: result.kind });
      else quotes.set(coinId, result);
    }
  } catch (error) {
    // Not expected (fetchBatch reports per key); a source never throws, so whatever is left fails.
    const reason = `${options.source}: ${String(error)}`;
    for (const { coinId } of requests) if (!quotes.has(coinId) && !failures.some((f) => f.coinId === coinId)) failures.push({ coinId, reason });
  }
  return { quotes, failures };
}
