"use client";

// The Embed dialog of the pair and coin pages (issue 54): the card live in an iframe as another
// site would show it, its theme and width (and, on a pair page, the comparison or its ladder), and
// the three snippets to copy. Loaded with the first click on "Embed" (embed-button.tsx): nothing
// of it is in the page's first load.
import { useEffect, useRef, useState } from "react";
import { useCopy } from "@/components/shell/use-copy";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { LazyDialogState } from "@/components/shell/use-lazy-dialog";
import { LineIcon } from "@/components/ui/line-icon";
import { CHECK, LINK_2 } from "@/components/ui/line-icons";
import { SegmentedRadios } from "@/components/ui/segmented-radios";
import { CARD_SIZES, HEIGHT_MESSAGE_TYPE, THEME_PARAM, cardTitle, type EmbedCard, type EmbedTheme } from "@/lib/embed/embed-path";
import { cardUrl, iframeSnippet, imageMarkdown, pageUrl, type CardWidth } from "@/lib/embed/snippets";

const THEMES = [
  { value: "dark", label: "Dark" },
  { value: "light", label: "Light" },
] as const;
const WIDTHS = [
  { value: "300", label: "300 px" },
  { value: "600", label: "600 px" },
  { value: "full", label: "Full width" },
] as const;

type WidthChoice = (typeof WIDTHS)[number]["value"];
/** Each choice's radios drawn alike: a segmented control. */
const RADIOS = { className: "grid grid-flow-col auto-cols-fr gap-1 rounded-lg bg-muted p-1 text-sm", itemClassName: "rounded-md px-3 py-1.5 font-medium" } as const;
const CARD_KINDS = [
  { value: "pair", label: "Comparison" },
  { value: "ladder", label: "Ladder" },
] as const;
const widthOf = (choice: WidthChoice): CardWidth => (choice === "full" ? "full" : (Number(choice) as 300 | 600));

/** One snippet with its Copy button; the status line says whether the copy worked. */
function Snippet({ label, text, testId }: { label: string; text: string; testId: string }) {
  const { copied, copy } = useCopy(text);
  const id = `embed-snippet-${testId}`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span role="status" className="ml-auto text-xs text-muted-foreground">
          {copied === "yes" ? "Copied" : copied === "failed" ? "Couldn't copy" : ""}
        </span>
        <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          <LineIcon icon={copied === "yes" ? CHECK : LINK_2} />
          Copy
        </Button>
      </div>
      <textarea
        id={id}
        readOnly
        rows={Math.min(4, Math.ceil(text.length / 64))}
        value={text}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full resize-none rounded-md border bg-muted/50 p-2 font-mono text-xs break-all"
        data-testid={`embed-snippet-${testId}`}
      />
    </div>
  );
}

/** Opened by EmbedButton (use-lazy-dialog.ts), which says where focus returns. */
type Props = LazyDialogState & { card: EmbedCard; symbols: readonly string[] };

export function EmbedDialog({ card, symbols, open, onOpenChange, onCloseAutoFocus }: Props) {
  const [theme, setTheme] = useState<EmbedTheme>("dark");
  const [width, setWidth] = useState<WidthChoice>("600");
  const [kind, setKind] = useState<"pair" | "ladder">("pair");
  const [height, setHeight] = useState<number | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  const shown: EmbedCard = card.kind === "coin" ? card : { ...card, kind };
  // The page's own choices (a target, an amount, the supply bases) go into the card, as in its link.
  const origin = window.location.origin;
  const search = new URLSearchParams(window.location.search);
  if (theme === "light") search.set(THEME_PARAM, theme);
  else search.delete(THEME_PARAM);
  const query = search.toString();
  const src = cardUrl(origin, shown, query);
  const shownTitle = cardTitle(shown.kind, symbols[0] ?? "", symbols[1]);

  // The card tells its frame's page its height, as it tells any site that frames it.
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown };
      if (data?.type === HEIGHT_MESSAGE_TYPE && typeof data.height === "number" && data.height > 0 && data.height < 5000) setHeight(data.height);
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [origin]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-testid="embed-dialog" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Embed this {card.kind === "coin" ? "coin" : "comparison"}</DialogTitle>
          <DialogDescription>Put the live card on your site, forum post or README. Its figures follow the site&apos;s prices.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap gap-3">
          {card.kind !== "coin" ? (
            <SegmentedRadios
              {...RADIOS}
              options={CARD_KINDS}
              value={kind}
              onChange={(next) => {
                setKind(next);
                setHeight(null);
              }}
              label="Card"
            />
          ) : null}
          <SegmentedRadios {...RADIOS} options={THEMES} value={theme} onChange={setTheme} label="Theme" />
          <SegmentedRadios {...RADIOS} options={WIDTHS} value={width} onChange={setWidth} label="Width" />
        </div>
        <div className="overflow-x-auto rounded-lg border border-dashed p-2" data-testid="embed-preview">
          <iframe
            ref={frame}
            key={src}
            src={src}
            title={`Preview: ${shownTitle}`}
            width={width === "full" ? "100%" : widthOf(width)}
            height={height ?? CARD_SIZES[shown.kind].height}
            className="block max-w-full border-0"
          />
        </div>
        <Snippet label="HTML (iframe)" text={iframeSnippet(origin, shown, query, shownTitle, widthOf(width))} testId="iframe" />
        <Snippet label="Image (Markdown)" text={imageMarkdown(origin, shown, query, shownTitle)} testId="markdown" />
        <Snippet label="Link" text={pageUrl(origin, shown, query)} testId="link" />
      </DialogContent>
    </Dialog>
  );
}
