"use client";

// The radio group alone: the home form uses it without the amount and market-cap fields that
// TargetChoice (target-choice.tsx) adds, so its first load carries none of them.
import { SegmentedRadios } from "@/components/ui/segmented-radios";
import type { ChosenTarget } from "@/lib/compare/target-param";
import { cn } from "@/lib/shared/class-names";

const OPTIONS: readonly { value: ChosenTarget; label: string }[] = [
  { value: "today", label: "Today's market cap" },
  { value: "ath", label: "All-time-high market cap" },
  { value: "cap", label: "Custom market cap" },
  { value: "date", label: "On a date" },
];

/**
 * Radios as a segmented control: coin 2's market cap today or at its all-time high, with
 * `withTypedCap` a market cap the visitor types, and with `withDate` coin 2's market cap on a day
 * of its history. One tab stop (the checked radio); the arrow keys
 * move the choice, as in any radio group.
 */
export function TargetSwitch({
  value,
  onChange,
  coinSymbol,
  withTypedCap = false,
  withDate = false,
}: {
  value: ChosenTarget;
  onChange: (target: ChosenTarget) => void;
  /** Coin 2, whose market cap is the target: names the group ("Compare with BTC's"). */
  coinSymbol: string;
  withTypedCap?: boolean;
  withDate?: boolean;
}) {
  const options = OPTIONS.filter((option) => (option.value === "cap" ? withTypedCap : option.value === "date" ? withDate : true));
  return (
    <SegmentedRadios
      options={options}
      value={value}
      onChange={onChange}
      label={withTypedCap ? `Compare with ${coinSymbol}'s market cap or a number` : `Compare with ${coinSymbol}'s`}
      // Four options are a 2 × 2 grid on a phone: four in a row would not fit 360 px.
      className={cn(
        "grid w-full gap-1 rounded-lg bg-muted p-1 text-sm sm:w-auto sm:self-start",
        options.length === 4 ? "grid-cols-2 sm:grid-cols-4" : options.length === 3 ? "grid-cols-3" : "grid-cols-2",
      )}
      itemClassName="rounded-md px-3 py-1.5 leading-tight font-medium"
      testId="target-switch"
    />
  );
}
