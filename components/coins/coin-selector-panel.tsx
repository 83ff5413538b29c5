"use client";

// The open half of CoinSelector: a search box (role="combobox") controlling a virtualised
// listbox, per the WAI-ARIA "combobox with listbox popup" pattern. Focus stays in the search
// box; the active option is tracked with aria-activedescendant. Mounted only while open, so
// closing resets the query and the active option for free.

import { useEffect, useRef, type JSX } from "react";
import { CoinOption } from "./coin-option";
import { CoinSearchBox } from "./coin-search-box";
import { EMPTY_MESSAGE, PANEL_CLASS, type CoinListStatus, type SelectorCoin, type TypedAhead } from "./coin-selector-parts";
import { useCoinSearch } from "./use-coin-search";
import { useListboxKeys } from "./use-listbox-keys";
import { useRowWindow } from "./use-row-window";

/** Fixed row height: no per-row measuring, so 5,000 rows cost nothing until scrolled to. */
const ROW_HEIGHT = 44;
/** Rows rendered beyond the viewport each way. */
const OVERSCAN = 8;
/** Used until the list is measured (and in jsdom, which has no layout): the max-h-80 box. */
const INITIAL_HEIGHT = 320;

/**
 * The listbox's window of rendered rows. It always renders the active row, even mid-scroll, so
 * aria-activedescendant never points at an element that is not in the DOM; it opens centred on
 * the initial option.
 */
function useOptionWindow(count: number, active: number, initialIndex: number) {
  const listRef = useRef<HTMLDivElement>(null);
  const rows = useRowWindow({
    count,
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
  return { listRef, rows };
}

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
  const { query, setQuery, results, initialIndex, active, setActive, activeCoin, chooseActive } =
    useCoinSearch({ coins, status, value, onChoose, typedAhead });
  const optionId = (coin: SelectorCoin) => `${listboxId}-${coin.id}`;

  const { listRef, rows } = useOptionWindow(results.length, active, initialIndex);
  const { scrollToIndex } = rows;
  const onKeyDown = useListboxKeys({ active, count: results.length, setActive, scrollToIndex, chooseActive, onDismiss });

  return (
    <div className={PANEL_CLASS}>
      <CoinSearchBox
        label={label}
        listboxId={listboxId}
        activeOptionId={activeCoin ? optionId(activeCoin) : undefined}
        query={query}
        onQueryChange={(next) => {
          setQuery(next);
          setActive(0); // a new query starts at its best (first) match
          listRef.current?.scrollTo({ top: 0 });
        }}
        onKeyDown={onKeyDown}
      />
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
            return (
              <CoinOption
                key={coin.id}
                coin={coin}
                id={optionId(coin)}
                index={index}
                rowHeight={ROW_HEIGHT}
                active={index === active}
                chosen={coin.id === value?.id}
                onActivate={() => setActive(index)}
                onChoose={() => onChoose(coin)}
              />
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
