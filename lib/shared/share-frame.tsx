// What every share image (a pair's, a coin's) is drawn in: the size Open Graph and X cards use,
// the site's colours, a coin's badge (its symbol's first letters, as the site draws a coin without
// a logo) and the page frame. For next/og, which takes inline styles only.
import type { ReactNode } from "react";

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export type Palette = { background: string; card: string; text: string; muted: string; primary: string };

export const COLOURS: Palette = { background: "#1a1025", card: "#261a33", text: "#f7f2fa", muted: "#b9a9c6", primary: "#e041d9" };

/** The light theme of the embeddable cards' images (issue 54): the site's colours on white. */
export const LIGHT_COLOURS: Palette = { background: "#ffffff", card: "#f7f3fa", text: "#1a1025", muted: "#5f5070", primary: "#a3169d" };

export function Badge({ symbol, palette = COLOURS }: { symbol: string; palette?: Palette }) {
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        width: 96,
        height: 96,
        borderRadius: 48,
        background: palette.card,
        border: `3px solid ${palette.primary}`,
        fontSize: 38,
        fontWeight: 700,
      }}
    >
      {symbol.slice(0, 2).toUpperCase()}
    </div>
  );
}

/** Every share image's page: the colours, the margins, three rows spread top to bottom. */
export function ShareFrame({ children, palette = COLOURS }: { children: ReactNode; palette?: Palette }) {
  return (
    <div
      style={{
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        width: "100%",
        height: "100%",
        padding: 64,
        background: palette.background,
        color: palette.text,
        fontFamily: "sans-serif",
      }}
    >
      {children}
    </div>
  );
}
