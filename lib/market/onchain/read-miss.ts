// A read that did not happen (pure): the RPC failed, or the pass's time budget ran out before it
// was sent. Either says nothing about the token, so it is reported with its kind and never taken
// for a missing pool or a contract that is no token.
import type { CallOutcome } from "@/lib/chain/read-calls";

export type DiscoveryFailure = { reason: string; kind?: "unreachable" | "deferred" | "contract" };

/** The first read that did not happen (RPC failure or past the deadline), as a failure. */
export function firstMiss(outcomes: readonly CallOutcome[]): DiscoveryFailure | null {
  for (const outcome of outcomes) {
    if (outcome.status === "unreachable") return { reason: outcome.reason, kind: "unreachable" };
    if (outcome.status === "deferred") return { reason: "the pass's time budget ran out before this coin was read", kind: "deferred" };
  }
  return null;
}
