"use client";

import { useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { parseTypedNumber, type TypedNumberRules } from "@/lib/compare/typed-number";
import { cn } from "@/lib/shared/class-names";

export type TypedNumberState = {
  text: string;
  setText: (text: string) => void;
  /** The last text that parsed (null: none, or the field was emptied): a bad text changes nothing. */
  value: number | null;
  /** That text in its short form for an address ("1.5m"), "" when there is none. */
  valueText: string;
  /** Why the current text is not a number, shown beside the field. */
  error: string | null;
};

/** A typed amount or market cap: the text as typed, and the last good number it held. */
export function useTypedNumber(rules: TypedNumberRules, initialText = ""): TypedNumberState {
  const [state, setState] = useState(() => {
    const parsed = parseTypedNumber(initialText, rules);
    return {
      text: initialText,
      value: parsed.kind === "ok" ? parsed.value : null,
      valueText: parsed.kind === "ok" ? parsed.text : "",
      error: parsed.kind === "invalid" ? parsed.reason : null,
    };
  });
  function setText(text: string) {
    const parsed = parseTypedNumber(text, rules);
    setState((current) => {
      if (parsed.kind === "invalid") return { ...current, text, error: parsed.reason };
      if (parsed.kind === "empty") return { text, value: null, valueText: "", error: null };
      return { text, value: parsed.value, valueText: parsed.text, error: null };
    });
  }
  return { ...state, setText };
}

/**
 * A labelled text field for an amount or a market cap ("I hold [1.5m] HEX", "Market cap $[100b]"),
 * with the reason a text is refused beside it. Text, not type=number: "1,500,000" and "1.5m" are
 * what people type, and a number input refuses both.
 */
export function TypedNumberField({
  label,
  field,
  prefix,
  suffix,
  placeholder,
  className,
}: {
  label: string;
  field: TypedNumberState;
  prefix?: string;
  suffix?: string;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm text-muted-foreground">
          {label}
        </label>
        <div className="flex min-w-0 items-center gap-1.5">
          {prefix ? <span aria-hidden className="text-sm text-muted-foreground">{prefix}</span> : null}
          {/* Input is w-full; this box sets its width (cn() does not drop a class it contradicts). */}
          <div className="w-36 shrink-0">
            <Input
              id={id}
              value={field.text}
              onChange={(event) => field.setText(event.target.value)}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              placeholder={placeholder}
              // The unit belongs to the name: "I hold (HEX)", not "I hold".
              aria-label={suffix ? `${label} (${suffix})` : undefined}
              aria-invalid={field.error ? true : undefined}
              aria-describedby={field.error ? errorId : undefined}
              className="h-8 tabular-nums"
            />
          </div>
          {suffix ? <span className="max-w-[10rem] truncate text-sm font-medium">{suffix}</span> : null}
        </div>
      </div>
      {field.error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {field.error}
        </p>
      ) : null}
    </div>
  );
}
