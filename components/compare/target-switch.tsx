"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { ComparisonTarget } from "@/lib/comparison";
import { searchWithTarget, targetFromSearch } from "@/lib/compare/target-param";
import { cn } from "@/lib/utils";

const OPTIONS: readonly { target: ComparisonTarget; label: string }[] = [
  { target: "today", label: "Today's market cap" },
  { target: "ath", label: "All-time-high market cap" },
];

/**
 * Two radios as a segmented control: coin 2's market cap today or at its all-time high. One tab
 * stop (the checked radio); the arrow keys move the choice, as in any radio group.
 */
export function TargetSwitch({
  value,
  onChange,
  coinSymbol,
}: {
  value: ComparisonTarget;
  onChange: (target: ComparisonTarget) => void;
  /** Coin 2, whose market cap is the target: names the group ("Compare with BTC's"). */
  coinSymbol: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + OPTIONS.length) % OPTIONS.length;
    onChange(OPTIONS[next]!.target);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="radiogroup"
      aria-label={`Compare with ${coinSymbol}'s`}
      className="grid w-full grid-cols-2 gap-1 rounded-lg bg-muted p-1 text-sm sm:w-auto sm:self-start"
      data-testid="target-switch"
    >
      {OPTIONS.map((option, index) => {
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

/**
 * The switch and the view it picks: `today` or `ath`, both rendered by the caller (on the server
 * for the pair page, so neither coin's data is sent twice). Starts on today's market cap, which is
 * what the cached HTML shows. With `inAddress`, the choice is kept in the address (?target=ath):
 * read after hydration, so the page itself stays static, and written with replaceState, so a
 * shared link keeps it without adding a history entry per click.
 */
export function TargetChoice({
  coinSymbol,
  today,
  ath,
  inAddress = false,
}: {
  coinSymbol: string;
  today: ReactNode;
  ath: ReactNode;
  inAddress?: boolean;
}) {
  const [target, setTarget] = useState<ComparisonTarget>("today");

  useEffect(() => {
    if (inAddress && targetFromSearch(window.location.search) === "ath") setTarget("ath");
  }, [inAddress]);

  function choose(next: ComparisonTarget) {
    setTarget(next);
    if (!inAddress) return;
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${searchWithTarget(search, next)}${hash}`);
  }

  return (
    <div className="flex flex-col gap-4">
      <TargetSwitch value={target} onChange={choose} coinSymbol={coinSymbol} />
      <div data-target={target} data-testid="target-view" className="flex flex-col gap-4">
        {target === "ath" ? ath : today}
      </div>
    </div>
  );
}
