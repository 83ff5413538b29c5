// What every share image (a pair's, a coin's) is drawn in: the size Open Graph and X cards use,
// the site's colours, a coin's badge (its symbol's first letters, as the site draws a coin without
// a logo) and the page frame. For next/og, which takes inline styles only.
import type { ReactNode } from "react";

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export const COLOURS = { background: "#1a1025", card: "#261a33", text: "#f7f2fa", muted: "#b9a9c6", primary: "#e041d9" } as const;

export function Badge({ symbol }: { symbol: string }) {
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        width: 96,
        height: 96,
        borderRadius: 48,
        background: COLOURS.card,
        border: `3px solid ${COLOURS.primary}`,
        fontSize: 38,
        fontWeight: 700,
      }}
    >
      {symbol.slice(0, 2).toUpperCase()}
    </div>
  );
}

/** Every share image's page: the colours, the margins, three rows spread top to bottom. */
export function ShareFrame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        width: "100%",
        height: "100%",
        padding: 64,
        background: COLOURS.background,
        color: COLOURS.text,
        fontFamily: "sans-serif",
      }}
    >
      {children}
    </div>
  );
}
