"use client";

import { Check, Copy } from "lucide-react";
import { useCopy } from "@/components/shell/use-copy";
import { Button } from "@/components/ui/button";

/** Copies `text`; its status line says whether the copy worked (no clipboard on an insecure origin, or refused). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopy(text);
  return (
    <span className="flex shrink-0 items-center gap-2">
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={label}>
        {copied === "yes" ? <Check aria-hidden /> : <Copy aria-hidden />}
        Copy
      </Button>
      <span role="status" className="text-xs text-muted-foreground">
        {copied === "yes" ? "Copied" : copied === "failed" ? "Couldn't copy: select it and copy by hand" : ""}
      </span>
    </span>
  );
}
