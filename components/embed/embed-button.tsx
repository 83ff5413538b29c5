"use client";

// "Embed" on the pair and coin pages: a button until it is used; the dialog's code (embed-dialog.tsx)
// loads with the first click, so the pages' first load and hydration carry none of it (issue 53).
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { useLazyDialog } from "@/components/shell/use-lazy-dialog";
import type { EmbedCard } from "@/lib/embed/embed-path";

const EmbedDialog = lazy(() => import("./embed-dialog").then((module) => ({ default: module.EmbedDialog })));

/** `symbols`: the card's coins' symbols, in its order (its title is made from them). */
export function EmbedButton({ card, symbols }: { card: EmbedCard; symbols: readonly string[] }) {
  const { wanted, trigger, dialog } = useLazyDialog();
  return (
    <>
      <Button variant="outline" size="sm" {...trigger}>
        Embed
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <EmbedDialog card={card} symbols={symbols} {...dialog} />
        </Suspense>
      ) : null}
    </>
  );
}
