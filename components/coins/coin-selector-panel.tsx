"use client";

// The open half of CoinSelector: a search box (role="combobox") controlling a virtualised
// listbox, per the WAI-ARIA "combobox with listbox popup" pattern. Focus stays in the search
// box; the active option is tracked with aria-activedescendant. Mounted only while open, so
// closing resets the query and the active option for free.

import { Check, Search } from "lucide-react";
import { useDeferredValue, useEffect, useMemo, useRef, useState, type JSX, type KeyboardEvent } from "react";
import { CoinLogo } from "@/components/shell/coin-logo";
import { CoinTag, EMPTY_MESSAGE, PANEL_CLASS, type CoinListStatus, type SelectorCoin, type TypedAhead } from "./coin-selector-parts";
import { searchCoins } from "@/lib/coins/coin-search";
import { useRowWindow } from "./use-row-window";

/** Fixed row height: no per-row measuring, so 5,000 rows cost nothing until scrolled to. */
const ROW_HEIGHT = 44;
/** Rows rendered beyond the viewport each way, and the PageUp/PageDown step (~one viewport). */
const OVERSCAN = 8;
const PAGE_STEP = 8;
/** Used until the list is measured (and in jsdom, which has no layout): the max-h-80 box. */
const INITIAL_HEIGHT = 320;

type PanelProps<C extends SelectorCoin> = {
  coins: readonly C[];
  status: CoinListStatus;
  value: C | null;
  label: string;
  listboxId: string;
  onChoose: (coin: C) => void;
  /** Close without choosing; `returnFocus` moves focus back to the trigger. */
  onDismiss: (returnFocus: boolean) => void;
  /** What was typed before the panel's code arrived, and whether Enter was pressed after it. */
  typedAhead?: TypedAhead;
};

export function CoinSelectorPanel<C extends SelectorCoin>({
  coins,
  status,
  value,
  label,
  listboxId,
  onChoose,
  onDismiss,
  typedAhead,
}: PanelProps<C>): JSX.Element {
  const [query, setQuery] = useState(typedAhead?.query ?? "");
  // The box echoes each keystroke at once; filtering thousands of coins follows in a render React
  // may interrupt, so typing never waits on the list.
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(() => searchCoins(coins, deferredQuery), [coins, deferredQuery]);
  // Open on the chosen coin so the user sees where they are; otherwise on the first option.
  const [initialIndex] = useState(() => Math.max(0, coins.findIndex((coin) => coin.id === value?.id)));
  const [active, setActive] = useState(initialIndex);
  const activeCoin = results[active];
  // Enter pressed before the list arrived (a fast typist, a slow network): choose once it is here.
  // Nothing on screen shows the wish, so it is a ref; the list's arrival re-runs the effect.
  const chooseWhenReady = useRef(typedAhead?.enter ?? false);
  useEffect(() => {
    if (!chooseWhenReady.current || status === "loading" || deferredQuery !== query) return;
    chooseWhenReady.current = false;
    if (status === "ready" && activeCoin) onChoose(activeCoin);
  }, [status, activeCoin, onChoose, deferredQuery, query]);
  const optionId = (coin: SelectorCoin) => `${listboxId}-${coin.id}`;

  const listRef = useRef<HTMLDivElement>(null);
  // Always render the active row, even mid-scroll, so aria-activedescendant never points at
  // an element that is not in the DOM.
  const rows = useRowWindow({
    count: results.length,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    fallbackHeight: INITIAL_HEIGHT,
    keep: active,
    scrollRef: listRef,
  });
  const { scrollToIndex } = rows;

  useEffect(() => {
    scrollToIndex(initialIndex, "center");
    // Only when the panel opens: later moves scroll themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Keyboard moves scroll the row into view; hover does not (the row is already visible). */
  function moveTo(index: number) {
    if (results.length === 0) return;
    // Clamp, not wrap: with thousands of rows, jumping from the last to the first is disorienting,
    // and Home/End already give a one-key trip to either end.
    const next = Math.min(Math.max(index, 0), results.length - 1);
    setActive(next);
    scrollToIndex(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return; // Enter confirms an IME composition, not a coin.
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + PAGE_STEP,
      PageUp: active - PAGE_STEP,
      Home: 0,
      End: results.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault(); // keep the caret still and the page from scrolling
      moveTo(target);
    } else if (event.key === "Enter") {
      event.preventDefault(); // never submit a surrounding form
      // The list on screen may still be for an earlier keystroke: choose from what was typed.
      const coin = deferredQuery === query ? activeCoin : searchCoins(coins, query)[active];
      if (coin) onChoose(coin);
      else if (status === "loading") chooseWhenReady.current = true;
    } else if (event.key === "Escape") {
      event.preventDefault();
      onDismiss(true);
    } else if (event.key === "Tab") {
      // Close without choosing. Focus goes to the trigger first, so the browser's own Tab then
      // continues from there (forward past the selector); Shift+Tab stops on the trigger.
      onDismiss(true);
      if (event.shiftKey) event.preventDefault();
    }
  }

  return (
    <div className={PANEL_CLASS}>
      <div className="flex items-center gap-2 border-b px-3">
        <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <input
          autoFocus
          type="text"
          role="combobox"
          aria-label={label}
          aria-expanded
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeCoin ? optionId(activeCoin) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search by name or symbol"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0); // a new query starts at its best (first) match
            listRef.current?.scrollTo({ top: 0 });
          }}
          onKeyDown={onKeyDown}
          className="h-10 w-full min-w-0 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
      </div>
      <div
        ref={listRef}
        id={listboxId}
        role="listbox"
        aria-label={`${label} options`}
        tabIndex={-1} // scrollable boxes are tab stops in some browsers; focus belongs to the input
        className="max-h-80 overflow-y-auto overscroll-contain"
      >
        <div className="relative w-full" style={{ height: rows.totalHeight }}>
          {rows.indexes.map((index) => {
            const coin = results[index];
            if (!coin) return null;
            const chosen = coin.id === value?.id;
            return (
              <div
                key={coin.id}
                id={optionId(coin)}
                role="option"
                aria-selected={chosen}
                data-active={index === active || undefined}
                // Keep focus (and so the keyboard) in the search box when a row is pressed.
                onMouseDown={(event) => event.preventDefault()}
                // pointermove, not pointerenter: rows sliding under a still pointer while the
                // keyboard scrolls must not steal the active option.
                onPointerMove={() => setActive(index)}
                onClick={() => onChoose(coin)}
                className="absolute left-0 top-0 flex w-full cursor-pointer items-center gap-2 px-3 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground"
                style={{ height: ROW_HEIGHT, transform: `translateY(${index * ROW_HEIGHT}px)` }}
              >
                <CoinLogo coin={coin} size={24} />
                <span className="shrink-0 font-semibold">{coin.symbol}</span>
                <span className="min-w-0 flex-1 truncate text-muted-foreground">{coin.name}</span>
                {coin.tag ? <CoinTag tag={coin.tag} /> : null}
                {chosen && <Check aria-hidden className="size-4 shrink-0 text-primary" />}
              </div>
            );
          })}
        </div>
      </div>
      {/* Always mounted, so screen readers announce the message when it appears. */}
      <p role="status" className="px-3 py-6 text-center text-sm text-muted-foreground empty:hidden">
        {results.length === 0 ? EMPTY_MESSAGE[status] : null}
      </p>
    </div>
  );
}
