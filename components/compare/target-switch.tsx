"use client";

import { createContext, useContext, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { HoldingFigures, type HoldingSubject } from "@/components/compare/holding-figures";
import { TypedNumberField, useTypedNumber } from "@/components/compare/typed-number-field";
import { useChoicesInAddress } from "@/components/compare/use-choices-in-address";
import { AMOUNT_RULES, MARKET_CAP_RULES } from "@/lib/compare/typed-number";
import type { ChosenTarget } from "@/lib/compare/target-param";
import { cn } from "@/lib/utils";

const OPTIONS: readonly { target: ChosenTarget; label: string }[] = [
  { target: "today", label: "Today's market cap" },
  { target: "ath", label: "All-time-high market cap" },
  { target: "cap", label: "Custom market cap" },
];

/**
 * Radios as a segmented control: coin 2's market cap today or at its all-time high, and with
 * `withTypedCap` a market cap the visitor types. One tab stop (the checked radio); the arrow keys
 * move the choice, as in any radio group.
 */
export function TargetSwitch({
  value,
  onChange,
  coinSymbol,
  withTypedCap = false,
}: {
  value: ChosenTarget;
  onChange: (target: ChosenTarget) => void;
  /** Coin 2, whose market cap is the target: names the group ("Compare with BTC's"). */
  coinSymbol: string;
  withTypedCap?: boolean;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const options = withTypedCap ? OPTIONS : OPTIONS.slice(0, 2);

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
      className={cn("grid w-full gap-1 rounded-lg bg-muted p-1 text-sm sm:w-auto sm:self-start", withTypedCap ? "grid-cols-3" : "grid-cols-2")}
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

const TypedCapContext = createContext<number | null>(null);

/** The market cap typed in the enclosing TargetChoice (null until one parses): the `typed` view reads it. */
export function useTypedCap(): number | null {
  return useContext(TypedCapContext);
}

/**
 * The switch and the view it picks: `today` or `ath`, both rendered by the caller (on the server
 * for the pair page, so neither coin's data is sent twice), or with `typed` a market cap typed in
 * a field here, which that view reads with useTypedCap(). With `holding`, an "I hold [amount]"
 * field and what that amount is worth today and at the chosen target.
 *
 * Starts on today's market cap and no amount, which is what the cached HTML shows. With
 * `inAddress`, the choices are kept in the address (?target=ath, ?mcap=100b, ?hold=1500000): read
 * after hydration, so the page itself stays static and the server never sees an amount, and
 * written with replaceState, so a shared link keeps them without a history entry per keystroke.
 */
export function TargetChoice({
  coinSymbol,
  today,
  ath,
  typed,
  holding,
  inAddress = false,
}: {
  coinSymbol: string;
  today: ReactNode;
  ath: ReactNode;
  typed?: ReactNode;
  holding?: HoldingSubject;
  inAddress?: boolean;
}) {
  const [target, setTarget] = useState<ChosenTarget>("today");
  const cap = useTypedNumber(MARKET_CAP_RULES);
  const amount = useTypedNumber(AMOUNT_RULES);

  useChoicesInAddress(inAddress, { target, capText: target === "cap" ? cap.valueText : "", holdText: amount.valueText }, (choices) => {
    setTarget(choices.target === "cap" && !typed ? "today" : choices.target);
    if (choices.capText) cap.setText(choices.capText);
    if (choices.holdText && holding) amount.setText(choices.holdText);
  });

  const view = target === "cap" ? typed : target === "ath" ? ath : today;
  return (
    <div className="flex flex-col gap-4">
      <TargetSwitch value={target} onChange={setTarget} coinSymbol={coinSymbol} withTypedCap={typed !== undefined} />
      {target === "cap" ? <TypedNumberField label="Market cap" prefix="$" field={cap} placeholder="100b" /> : null}
      <TypedCapContext.Provider value={cap.value}>
        <div data-target={target} data-testid="target-view" className="flex flex-col gap-4">
          {view}
        </div>
      </TypedCapContext.Provider>
      {holding ? <HoldingFigures subject={holding} amount={amount} target={target} typedCap={cap.value} coin2Symbol={coinSymbol} /> : null}
    </div>
  );
}
