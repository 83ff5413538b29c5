"use client";

import { useEffect, useRef, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { LineIcon } from "@/components/ui/line-icon";
import { CHECK, LINK_2 } from "@/components/ui/line-icons";
import { EmbedButton } from "@/components/embed/embed-button";
import type { EmbedCard } from "@/lib/embed/embed-path";

const LINK_CLASS = buttonVariants({ variant: "outline", size: "sm" });

/** X's and Telegram's plain share addresses: no third-party script on the page. */
function shareUrls(url: string, text: string): { x: string; telegram: string } {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return { x: `https://x.com/intent/tweet?text=${t}&url=${u}`, telegram: `https://t.me/share/url?url=${u}&text=${t}` };
}

/**
 * 'Copy link' and the share links of a comparison page. `url` is the page's canonical address
 * (the configured site origin); the copied link uses the origin the visitor is on, which is the
 * same in production and right on a preview deployment.
 */
export function ShareBar({ path, url, text, embed }: { path: string; url: string; text: string; /** The page's card and its coins' symbols, for "Embed". */ embed: { card: EmbedCard; symbols: readonly string[] } }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const share = shareUrls(url, text);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${path}`);
      setCopied("yes");
    } catch {
      // No clipboard (an insecure origin, a refused permission): say so instead of pretending.
      setCopied("failed");
    }
    timer.current = setTimeout(() => setCopied(null), 2500);
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="share-bar">
      <Button variant="outline" size="sm" onClick={() => void copy()}>
        <LineIcon icon={copied === "yes" ? CHECK : LINK_2} />
        Copy link
      </Button>
      <a href={share.x} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
        Share on X
      </a>
      <a href={share.telegram} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
        Share on Telegram
      </a>
      <EmbedButton card={embed.card} symbols={embed.symbols} />
      <span role="status" className="text-sm text-muted-foreground">
        {copied === "yes" ? "Link copied" : copied === "failed" ? "Couldn't copy the link" : ""}
      </span>
    </div>
  );
}
