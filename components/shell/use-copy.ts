"use client";

import { useEffect, useRef, useState } from "react";

/** What the last copy did, for a status line beside its button; null once the line has been shown a while. */
export type CopyOutcome = "yes" | "failed" | null;

/**
 * Copies `text` to the clipboard on `copy()`, and says whether it worked for 2.5 s (there is no
 * clipboard on an insecure origin, and a browser may refuse).
 */
export function useCopy(text: string): { copied: CopyOutcome; copy: () => Promise<void> } {
  const [copied, setCopied] = useState<CopyOutcome>(null);
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
  return { copied, copy };
}
