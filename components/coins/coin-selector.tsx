"use client";

// Coin picker for the comparison form (product spec "Coin selector"): a button that opens a
// search box over a virtualised listbox. The open panel lives in coin-selector-panel.tsx; this
// file owns what must outlive it: the trigger, the open state and the outside-click rule.
//
// The panel's code is not on the page's first load: it downloads when a visitor first reaches for
// a selector (pointer over it, focus), like the coin list, so it is there by the time the click
// opens it. Opened sooner than that (a touch goes straight to the click), the panel's frame says
// 'Loading coins…' until it arrives, and what is typed meanwhile is kept for its search box.

import { ChevronDown } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type JSX } from "react";
import { CoinLogo } from "@/components/shell/coin-logo";
import { lazyModule, useLazyModule } from "@/components/shell/lazy-module";
import { cn } from "@/lib/shared/class-names";
import { CoinTag, EMPTY_MESSAGE, PANEL_CLASS, type CoinListStatus, type SelectorCoin, type TypedAhead } from "./coin-selector-parts";

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
  const [open, setOpen] = useState(false);
  const [reached, setReached] = useState(false);
  // Keys typed while the open panel's code is still on its way (focus is still on the trigger).
  const [typedAhead, setTypedAhead] = useState<TypedAhead>({ query: "", enter: false });
  const panel = useLazyModule(panelCode, reached || open);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const valueId = `${baseId}-value`;
  const listboxId = `${baseId}-listbox`;

  // The panel unmounts on close, which is what clears the search text and the active option.
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setTypedAhead({ query: "", enter: false });
    // The focused search box is about to disappear; without this, focus would fall to <body>.
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  const choose = useCallback(
    (coin: C) => {
      onChange(coin);
      close(true);
    },
    [onChange, close],
  );

  /** The visitor is about to use the selector: fetch the panel's code, and let the caller load its list. */
  const reachFor = () => {
    setReached(true);
    if (panel.failed) panel.retry();
    onIntent?.();
  };

  // pointerdown rather than click: it closes before a press elsewhere does anything else, and
  // covers touch and pen. Focus is left where the user put it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close]);

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
        onClick={() => {
          reachFor();
          setTypedAhead({ query: "", enter: false });
          setOpen((wasOpen) => !wasOpen);
        }}
        onKeyDown={(event) => {
          // Enter and Space already click a button; arrows open it too, as on a native select.
          if (!open && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
            event.preventDefault();
            reachFor();
            setOpen(true);
          } else if (open && event.key === "Escape") {
            // Focus is still here while the panel's code loads; the panel's search box handles it after.
            event.preventDefault();
            close(true);
          } else if (open && !panel.module) {
            // Still loading: keep what is typed (and an Enter) for the search box, as if it were there.
            const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
            if (printable || event.key === "Backspace" || event.key === "Enter") {
              event.preventDefault(); // Enter and Space would otherwise click the trigger shut
              setTypedAhead((typed) =>
                event.key === "Enter"
                  ? { ...typed, enter: true }
                  : { query: event.key === "Backspace" ? typed.query.slice(0, -1) : typed.query + event.key, enter: false },
              );
            }
          }
        }}
        className={cn(
          "flex h-11 w-full items-center gap-2 rounded-md border bg-card px-3 text-left text-sm",
          "outline-none transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50",
        )}
      >
        <span id={labelId} className="sr-only">
          {label}
        </span>
        <span id={valueId} className="flex min-w-0 flex-1 items-center gap-2">
          {value ? (
            <>
              <CoinLogo coin={value} size={24} />
              <span className="shrink-0 font-semibold">{value.symbol}</span>
              <span className="min-w-0 truncate text-muted-foreground">{value.name}</span>
              {value.tag ? <CoinTag tag={value.tag} /> : null}
            </>
          ) : (
            <span className="truncate text-muted-foreground">{placeholder}</span>
          )}
        </span>
        <ChevronDown
          aria-hidden
          className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")}
        />
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
        <div className={PANEL_CLASS}>
          <p role="status" className="px-3 py-6 text-center text-sm text-muted-foreground">
            {EMPTY_MESSAGE[panel.failed ? "error" : "loading"]}
          </p>
        </div>
      ) : null}
    </div>
  );
}
