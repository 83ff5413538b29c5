"use client";

// When the coin selector's panel opens and closes (coin-selector.tsx): the trigger's click and
// keys, a press outside, and the panel's code, fetched when the visitor first reaches for the
// selector. Keys typed while that code is on its way are kept for the panel's search box.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useLazyModule, type LazyModule } from "@/components/shell/lazy-module";
import type { TypedAhead } from "./coin-selector-parts";

const NOTHING_TYPED: TypedAhead = { query: "", enter: false };

/** What a key pressed on the trigger adds to what was typed ahead. */
function typeAhead(typed: TypedAhead, key: string): TypedAhead {
  if (key === "Enter") return { ...typed, enter: true };
  return { query: key === "Backspace" ? typed.query.slice(0, -1) : typed.query + key, enter: false };
}

export function useSelectorOpening<P>(panelCode: LazyModule<P>, onIntent: (() => void) | undefined) {
  const [open, setOpen] = useState(false);
  const [reached, setReached] = useState(false);
  // Keys typed while the open panel's code is still on its way (focus is still on the trigger).
  const [typedAhead, setTypedAhead] = useState<TypedAhead>(NOTHING_TYPED);
  const panel = useLazyModule(panelCode, reached || open);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  // The panel unmounts on close, which is what clears the search text and the active option.
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setTypedAhead(NOTHING_TYPED);
    // The focused search box is about to disappear; without this, focus would fall to <body>.
    if (returnFocus) triggerRef.current?.focus();
  }, []);

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

  const toggle = () => {
    reachFor();
    setTypedAhead(NOTHING_TYPED);
    setOpen((wasOpen) => !wasOpen);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
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
        setTypedAhead((typed) => typeAhead(typed, event.key));
      }
    }
  };

  return { open, panel, typedAhead, rootRef, triggerRef, close, reachFor, toggle, onTriggerKeyDown };
}
