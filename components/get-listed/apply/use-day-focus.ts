"use client";

// The slot calendar's roving focus (slot-calendar.tsx): one day button is the tab stop, the arrow
// keys move it a day or a week within the calendar's days, and focus follows an arrow key (clicks
// and the month buttons move the tab stop but leave focus where it is).
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { addDays } from "./slot-days";

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

export function useDayFocus(first: string, last: string, initialDay: () => string) {
  const [focusDay, setFocusDay] = useState(initialDay);
  // Set by an arrow key, for the effect of the render that follows it: focus goes to the new day.
  const moveFocus = useRef(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    buttons.current.get(focusDay)?.focus();
  }, [focusDay]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = addDays(focusDay, step);
    if (next < first || next > last) return;
    moveFocus.current = true;
    setFocusDay(next);
  };

  /** The ref of a day's button, so an arrow key can focus it. */
  const register = (day: string) => (node: HTMLButtonElement | null) => {
    if (node) buttons.current.set(day, node);
    else buttons.current.delete(day);
  };

  return { focusDay, setFocusDay, onKeyDown, register };
}
