"use client";

// The open coin panel's search box: the combobox that keeps focus while the keys move the active
// option of the listbox it controls (coin-selector-panel.tsx).
import type { KeyboardEvent } from "react";
import { LineIcon } from "@/components/ui/line-icon";
import { SEARCH } from "@/components/ui/line-icons";

type Props = {
  label: string;
  listboxId: string;
  /** The id of the active option, if any. */
  activeOptionId: string | undefined;
  query: string;
  onQueryChange: (query: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
};

export function CoinSearchBox({ label, listboxId, activeOptionId, query, onQueryChange, onKeyDown }: Props) {
  return (
    <div className="flex items-center gap-2 border-b px-3">
      <LineIcon icon={SEARCH} className="size-4 shrink-0 text-muted-foreground" />
      <input
        autoFocus
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeOptionId}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search by name or symbol"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="h-10 w-full min-w-0 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
      />
    </div>
  );
}
