"use client";

// The open coin panel's keys, per the WAI-ARIA combobox pattern: focus stays in the search box and
// the keys move the active option of the listbox, choose it, or close the panel.
import type { KeyboardEvent } from "react";

/** The PageUp/PageDown step (~one viewport of the list). */
const PAGE_STEP = 8;

type Options = {
  active: number;
  count: number;
  setActive: (index: number) => void;
  /** Bring a row into the list's view. */
  scrollToIndex: (index: number) => void;
  chooseActive: () => void;
  /** Close without choosing; `returnFocus` moves focus back to the trigger. */
  onDismiss: (returnFocus: boolean) => void;
};

export function useListboxKeys({ active, count, setActive, scrollToIndex, chooseActive, onDismiss }: Options) {
  /** Keyboard moves scroll the row into view; hover does not (the row is already visible). */
  function moveTo(index: number) {
    if (count === 0) return;
    // Clamp, not wrap: with thousands of rows, jumping from the last to the first is disorienting,
    // and Home/End already give a one-key trip to either end.
    const next = Math.min(Math.max(index, 0), count - 1);
    setActive(next);
    scrollToIndex(next);
  }

  return function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return; // Enter confirms an IME composition, not a coin.
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + PAGE_STEP,
      PageUp: active - PAGE_STEP,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault(); // keep the caret still and the page from scrolling
      moveTo(target);
    } else if (event.key === "Enter") {
      event.preventDefault(); // never submit a surrounding form
      chooseActive();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onDismiss(true);
    } else if (event.key === "Tab") {
      // Close without choosing. Focus goes to the trigger first, so the browser's own Tab then
      // continues from there (forward past the selector); Shift+Tab stops on the trigger.
      onDismiss(true);
      if (event.shiftKey) event.preventDefault();
    }
  };
}
