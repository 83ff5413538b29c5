"use client";

// The radio group alone: the home form uses it without the amount and market-cap fields that
// TargetChoice (target-choice.tsx) adds, so its first load carries none of them.
import { useRef, type KeyboardEvent } from "react";
import type { ChosenTarget } from "@/lib/compare/target-param";
import { cn } from "@/lib/shared/class-names";

const OPTIONS: readonly { target: ChosenTarget; label: string }[] = [
  { target: "today", label: "Today's market cap" },
  { target: "ath", label: "All-time-high market cap" },
  { target: "cap", label: "Custom market cap" },
  { target: "date", label: "On a date" },
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
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const options = OPTIONS.filter((option) => (option.target === "cap" ? withTypedCap : option.target === "date" ? withDate : true));

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next]!.target);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="radiogroup"
      aria-label={withTypedCap ? `Compare with ${coinSymbol}'s market cap or a number` : `Compare with ${coinSymbol}'s`}
      // Four options are a 2 × 2 grid on a phone: four in a row would not fit 360 px.
      className={cn(
        "grid w-full gap-1 rounded-lg bg-muted p-1 text-sm sm:w-auto sm:self-start",
        options.length === 4 ? "grid-cols-2 sm:grid-cols-4" : options.length === 3 ? "grid-cols-3" : "grid-cols-2",
      )}
      data-testid="target-switch"
    >
      {options.map((option, index) => {
        const checked = option.target === value;
        return (
          <button
            key={option.target}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(option.target)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "rounded-md px-3 py-1.5 leading-tight font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
              checked ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
