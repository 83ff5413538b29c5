"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/** Copies `text`; its status line says whether the copy worked (no clipboard on an insecure origin, or refused). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
    timer.current = setTimeout(() => setCopied(null), 2500);
  }
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
