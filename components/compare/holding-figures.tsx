"use client";

import { TypedNumberField, type TypedNumberState } from "@/components/shell/typed-number-field";
import { WalletHolding } from "@/components/compare/wallet-holding";
import type { OnChainCoin } from "@/lib/bag/on-chain-coin";
import { atTargetPhrase } from "@/lib/compare/target-copy";
import type { ChosenTarget } from "@/lib/compare/target-param";
import { computeTypedCapComparison, type ComparableCoin } from "@/lib/compare/comparison";
import type { DayCap } from "@/lib/compare/on-date";
import { MISSING, formatMultiplier } from "@/lib/shared/format";
import { Money } from "@/components/shell/money";

/** The coin held (coin 1) and coin 2's market caps, the coin targets (null: none on record). */
export type HoldingSubject = {
  coin: ComparableCoin & { symbol: string };
  caps: { today: number | null; ath: number | null };
  /** A PulseChain coin 1: a connected wallet's own balance of it is shown too. */
  onChain?: OnChainCoin;
};

/** The target's market cap: typed, coin 2's on the day shown (`dayCap`), or one of coin 2's on record. */
function targetCap(subject: HoldingSubject, target: ChosenTarget, typedCap: number | null, dayCap: DayCap | null): number | null {
  if (target === "cap") return typedCap;
  if (target === "date") return dayCap?.marketCap ?? null;
  return subject.caps[target];
}

/** What `amount` of coin 1 is worth at `cap`, or null when there is no such cap. */
function worthAtCap(subject: HoldingSubject, cap: number | null, amount: number) {
  if (cap === null) return null;
  const result = computeTypedCapComparison(subject.coin, cap);
  return result.comparable ? { value: amount * result.projectedPrice, multiplier: result.multiplier } : null;
}

/**
 * "I hold [amount] HEX", then that amount's value today and at the chosen target with the
 * multiplier. Worked out here in the browser: the amount never leaves it.
 */
export function HoldingFigures({
  subject,
  amount,
  target,
  typedCap,
  dayCap = null,
  coin2Symbol,
}: {
  subject: HoldingSubject;
  amount: TypedNumberState;
  target: ChosenTarget;
  typedCap: number | null;
  /** With the date target: coin 2's market cap on the day shown (null while there is none). */
  dayCap?: DayCap | null;
  coin2Symbol: string | null;
}) {
  const { coin } = subject;
  const held = amount.value;
  const cap = targetCap(subject, target, typedCap, dayCap);
  const atTarget = held === null ? null : worthAtCap(subject, cap, held);
  const today = held !== null && typeof coin.currentPrice === "number" ? held * coin.currentPrice : null;
  // A value at a sample cap is as invented as the cap: said in the same breath.
  const phrase = atTargetPhrase(target, coin2Symbol, typedCap, dayCap?.day ?? null) + (target === "date" && dayCap?.sample ? " (sample data)" : "");
  const walletWorth = (walletAmount: number) => {
    const value = worthAtCap(subject, cap, walletAmount);
    return value ? { text: <><Money usd={value.value} /> {phrase}</> } : null;
  };
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-dashed p-3" data-testid="holding">
      {subject.onChain ? <WalletHolding coin={subject.onChain} worth={walletWorth} /> : null}
      <TypedNumberField label="I hold" suffix={coin.symbol} field={amount} placeholder="1,500,000" />
      {held !== null ? (
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="min-w-0">
            <dt className="text-muted-foreground">Worth today</dt>
            <dd className="font-semibold tabular-nums break-all" data-testid="holding-today">
              {today === null ? MISSING : <Money usd={today} />}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">Worth {phrase}</dt>
            <dd className="font-semibold tabular-nums break-all" data-testid="holding-at-target">
              {atTarget === null ? (
                MISSING
              ) : (
                <>
                  <Money usd={atTarget.value} /> <span className="font-normal text-muted-foreground">({formatMultiplier(atTarget.multiplier)})</span>
                </>
              )}
            </dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
