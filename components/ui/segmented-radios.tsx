"use client";

// Radios drawn as a segmented control (the target switches, the embed dialog's choices):
// one tab stop, the checked radio; the arrow keys move the choice, as in any radio group.
import { useRef, type KeyboardEvent } from "react";
import { cn } from "@/lib/shared/class-names";

export type SegmentedOption<T extends string> = {
  value: T;
  label: string;
  /** The radio's accessible name, when the label alone says less ("USD" for "US dollars"). */
  name?: string;
};

export function SegmentedRadios<T extends string>({
  options,
  value,
  onChange,
  label,
  className,
  itemClassName,
  testId,
}: {
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The group's accessible name. */
  label: string;
  className?: string;
  itemClassName?: string;
  testId?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next]!.value);
    refs.current[next]?.focus();
  }

  return (
    <div role="radiogroup" aria-label={label} className={className} data-testid={testId}>
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={option.name}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
              itemClassName,
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
