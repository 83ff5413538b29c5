// Quarantine of tokens whose own contract keeps failing the read (pure). A quote that fails with
// kind "contract" (lib/market/types.ts: the token reverted, answered nonsense or ran out of gas)
// counts against the coin; QUARANTINE_AFTER_FAILURES of them in a row quarantine it. A quarantined
// coin keeps its last good price and is asked at most once an hour instead of every pass, so a
// broken token neither costs every pass its reads nor, being among the stalest, heads every pass's
// queue. Any answer about the coin (a price, a move held back, a pool under the floor, "no pool")
// resets the count and lifts the quarantine. A source or RPC out of reach ("unreachable"), a coin
// the time budget left for later ("deferred") or a source that threw says nothing about the
// contract: neither counted nor reset.
import type { Coin } from "@/lib/generated/prisma/client";
import type { RefreshReport } from "./report";
import type { SourceAnswer } from "./requests";
import { HOUR_MS } from "./publish";

/** Contract failures in a row that quarantine a coin. */
export const QUARANTINE_AFTER_FAILURES = 3;
/** A quarantined coin is asked again this long after its last contract failure. */
export const QUARANTINE_ASK_EVERY_MS = HOUR_MS;
/** The stored reason is cut to this many characters (an RPC's revert data can be long). */
const REASON_MAX_CHARS = 300;

export type ContractState = Pick<Coin, "id" | "contractFailures" | "contractFailedAt" | "contractFailureReason" | "quarantinedAt">;

/** Whether a pass at `now` asks this coin's source: always, unless quarantined and asked less than an hour ago. */
export function askedThisPass(coin: ContractState, now: Date): boolean {
  if (coin.quarantinedAt === null || coin.contractFailedAt === null) return true;
  const since = now.getTime() - coin.contractFailedAt.getTime();
  // A last failure "in the future" (a clock set back) does not keep the coin out.
  return !(since >= 0 && since < QUARANTINE_ASK_EVERY_MS);
}

/** The pass's coins split into those it asks and the quarantined ones it leaves out (orders kept). */
export function splitQuarantined<C extends ContractState>(coins: readonly C[], now: Date): { asked: C[]; resting: C[] } {
  const asked: C[] = [];
  const resting: C[] = [];
  for (const coin of coins) (askedThisPass(coin, now) ? asked : resting).push(coin);
  return { asked, resting };
}

/** What this pass learned about a coin's contract: it failed, or the source answered for the coin. */
export type ContractVerdict = { kind: "contract"; source: string; reason: string } | { kind: "answered"; source: string };

/**
 * Each asked coin's verdict from its source's answer and the judged entries. Left out (neither
 * counted nor reset): coins of a source that gave no answer (threw, not configured), coins that
 * failed as "unreachable" (or any kind but "contract"), and coins deferred by the time budget.
 */
export function contractVerdicts(answers: readonly SourceAnswer[], entries: Pick<RefreshReport, "failed" | "deferred">): Map<string, ContractVerdict> {
  const failed = new Map(entries.failed.map((entry) => [`${entry.source}\n${entry.coinId}`, entry]));
  const deferred = new Set(entries.deferred.map((entry) => `${entry.source}\n${entry.coinId}`));
  const verdicts = new Map<string, ContractVerdict>();
  for (const { sourceName, sourceCoins, result } of answers) {
    if (typeof result === "string") continue;
    for (const coin of sourceCoins) {
      const key = `${sourceName}\n${coin.id}`;
      if (deferred.has(key)) continue;
      const failure = failed.get(key);
      if (failure?.kind === "contract") verdicts.set(coin.id, { kind: "contract", source: sourceName, reason: failure.reason });
      else if (!failure || failure.kind === undefined) verdicts.set(coin.id, { kind: "answered", source: sourceName });
    }
  }
  return verdicts;
}

/** A coin's contract columns after a contract failure (written as they are). */
export type ContractFailureRow = { id: string; contractFailures: number; contractFailedAt: Date; contractFailureReason: string; quarantinedAt: Date | null };

export type ContractChanges = {
  /** Coins whose contract failed this pass: their new count, time, reason and quarantine. */
  failures: ContractFailureRow[];
  /** Coins with a count, a reason or a quarantine whose source answered for them: all cleared. */
  cleared: string[];
  quarantine: Pick<RefreshReport["quarantine"], "started" | "lifted">;
  /** The pass's log lines about them. */
  lines: string[];
};

/** What this pass's verdicts do to the coins' contract columns, and what the report and the log say of it. */
export function contractChanges(coins: readonly ContractState[], verdicts: ReadonlyMap<string, ContractVerdict>, at: Date): ContractChanges {
  const changes: ContractChanges = { failures: [], cleared: [], quarantine: { started: [], lifted: [] }, lines: [] };
  for (const coin of coins) {
    const verdict = verdicts.get(coin.id);
    if (!verdict) continue;
    if (verdict.kind === "contract") {
      const contractFailures = coin.contractFailures + 1;
      const reason = verdict.reason.slice(0, REASON_MAX_CHARS);
      const startsNow = coin.quarantinedAt === null && contractFailures >= QUARANTINE_AFTER_FAILURES;
      const quarantinedAt = startsNow ? at : coin.quarantinedAt;
      changes.failures.push({ id: coin.id, contractFailures, contractFailedAt: at, contractFailureReason: reason, quarantinedAt });
      if (startsNow) {
        changes.quarantine.started.push({ coinId: coin.id, source: verdict.source, reason });
        changes.lines.push(
          `[market] ${verdict.source} ${coin.id}: quarantined: its contract failed ${contractFailures} passes in a row (last: ${reason}); asked at most once an hour, its last good price kept`,
        );
      }
    } else if (coin.contractFailures > 0 || coin.quarantinedAt !== null || coin.contractFailureReason !== null) {
      changes.cleared.push(coin.id);
      if (coin.quarantinedAt !== null) {
        const since = coin.quarantinedAt.toISOString();
        changes.quarantine.lifted.push({ coinId: coin.id, source: verdict.source, since });
        changes.lines.push(`[market] ${verdict.source} ${coin.id}: quarantine lifted: the source answered for it again (quarantined since ${since})`);
      }
    }
  }
  return changes;
}

/** The log line for the quarantined coins a pass left out; none when there are none. */
export function restingLines(resting: readonly { id: string }[]): string[] {
  return resting.length > 0 ? [`[market] ${resting.length} quarantined coins not asked this pass (each at most once an hour)`] : [];
}
