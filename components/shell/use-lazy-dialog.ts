"use client";

// A button that opens a dialog whose code loads with the first click (Embed, Get Listed's
// Contact): the page's first load and hydration carry only the button (issue 53). The dialog is
// controlled and has no Radix trigger, so the button takes focus back when it closes, as Radix
// does for its own trigger.
import { useRef, useState } from "react";

/** What the lazy dialog takes: spread into it. */
export type LazyDialogState = { open: boolean; onOpenChange: (open: boolean) => void; onCloseAutoFocus: (event: Event) => void };

export function useLazyDialog() {
  const [open, setOpen] = useState(false);
  // Whether the dialog was ever asked for: its code loads then, and it stays mounted for Radix's closing.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const trigger = {
    ref: button,
    "aria-haspopup": "dialog" as const,
    "aria-expanded": open,
    onClick: () => {
      setWanted(true);
      setOpen(true);
    },
  };
  const dialog: LazyDialogState = {
    open,
    onOpenChange: setOpen,
    onCloseAutoFocus: (event) => {
      event.preventDefault();
      button.current?.focus();
    },
  };
  return { wanted, trigger, dialog };
}
