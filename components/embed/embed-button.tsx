"use client";

// "Embed" on the pair and coin pages: a button until it is used; the dialog's code (embed-dialog.tsx)
// loads with the first click, so the pages' first load and hydration carry none of it (issue 53).
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { EmbedCard } from "@/lib/embed/embed-path";

const EmbedDialog = lazy(() => import("./embed-dialog").then((module) => ({ default: module.EmbedDialog })));

/** `symbols`: the card's coins' symbols, in its order (its title is made from them). */
export function EmbedButton({ card, symbols }: { card: EmbedCard; symbols: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Embed
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <EmbedDialog
            card={card}
            symbols={symbols}
            open={open}
            onOpenChange={setOpen}
            // Back to this button when the dialog closes, as Radix does for its own trigger.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
