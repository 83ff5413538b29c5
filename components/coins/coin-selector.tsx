"use client";

// Coin picker for the comparison form (product spec "Coin selector"): a button that opens a
// search box over a virtualised listbox. The open panel lives in coin-selector-panel.tsx; this
// file owns what must outlive it: the trigger, and (use-selector-opening.ts) the open state and
// the outside-click rule.
//
// The panel's code is not on the page's first load: it downloads when a visitor first reaches for
// a selector (pointer over it, focus), like the coin list, so it is there by the time the click
// opens it. Opened sooner than that (a touch goes straight to the click), the panel's frame says
// 'Loading coins…' until it arrives, and what is typed meanwhile is kept for its search box.

import { useCallback, useId, type JSX } from "react";
import { lazyModule } from "@/components/shell/lazy-module";
import { cn } from "@/lib/shared/class-names";
import { LineIcon } from "@/components/ui/line-icon";
import { ChosenCoin } from "./chosen-coin";
import { EMPTY_MESSAGE, PANEL_CLASS, type CoinListStatus, type SelectorCoin } from "./coin-selector-parts";
import { useSelectorOpening } from "./use-selector-opening";

/** Lucide's chevron-down, here rather than in line-icons.ts: the one icon on a page's first script. */
const CHEVRON_DOWN = { name: "chevron-down", d: "m6 9 6 6 6-6" };

const panelCode = lazyModule(() => import("./coin-selector-panel"));

export type { CoinListStatus, SelectorCoin } from "./coin-selector-parts";

export type CoinSelectorProps<C extends SelectorCoin> = {
  coins: readonly C[];
  status?: CoinListStatus;
  /** The visitor is about to use the selector (pointer over it, focus, open): load the list now. */
  onIntent?: () => void;
  /** The chosen coin (controlled); null shows the placeholder. */
  value: C | null;
  onChange: (coin: C) => void;
  placeholder: string;
  /** Accessible name of the trigger, search box and list, e.g. "First coin". */
  label: string;
  /** Put on the trigger button, so a caller's `<label htmlFor>` can point at it. */
  id?: string;
  className?: string;
};

export function CoinSelector<C extends SelectorCoin>({
  coins,
  status = "ready",
  onIntent,
  value,
  onChange,
  placeholder,
  label,
  id,
  className,
}: CoinSelectorProps<C>): JSX.Element {
  const { open, panel, typedAhead, rootRef, triggerRef, close, reachFor, toggle, onTriggerKeyDown } =
    useSelectorOpening(panelCode, onIntent);
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const valueId = `${baseId}-value`;
  const listboxId = `${baseId}-listbox`;

  const choose = useCallback(
    (coin: C) => {
      onChange(coin);
      close(true);
    },
    [onChange, close],
  );

  return (
    <div ref={rootRef} className={cn("relative w-full", className)}>
      <button
        ref={triggerRef}
        id={id}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open && panel.module ? listboxId : undefined}
        // Name = label + what is shown ("First coin PLS PulseChain"), so the choice is announced.
        aria-labelledby={`${labelId} ${valueId}`}
        onPointerEnter={reachFor}
        onFocus={reachFor}
        onClick={toggle}
        onKeyDown={onTriggerKeyDown}
        className={cn(
          "flex h-11 w-full items-center gap-2 rounded-md border bg-card px-3 text-left text-sm",
          "outline-none transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50",
        )}
      >
        <span id={labelId} className="sr-only">
          {label}
        </span>
        <span id={valueId} className="flex min-w-0 flex-1 items-center gap-2">
          <ChosenCoin value={value} placeholder={placeholder} />
        </span>
        <LineIcon icon={CHEVRON_DOWN} className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")} />
      </button>
      {open && panel.module ? (
        <panel.module.CoinSelectorPanel
          coins={coins}
          status={status}
          value={value}
          label={label}
          listboxId={listboxId}
          onChoose={choose}
          onDismiss={close}
          typedAhead={typedAhead}
        />
      ) : open ? (
        <PanelWait failed={panel.failed} />
      ) : null}
    </div>
  );
}

/** The open panel's frame while its code is on the way, or after it failed to arrive. */
function PanelWait({ failed }: { failed: boolean }) {
  return (
    <div className={PANEL_CLASS}>
      <p role="status" className="px-3 py-6 text-center text-sm text-muted-foreground">
        {EMPTY_MESSAGE[failed ? "error" : "loading"]}
      </p>
    </div>
  );
}
