// The 1200×630 preview of a comparison page (Open Graph and X cards): the question, the answer
// and both market caps, in the site's colours. Rendered by next/og with the font it ships, so
// it needs no network; coins are drawn as their symbols' first letters, as the site does for a
// coin without a logo.
import { ImageResponse } from "next/og";
import type { ReactNode } from "react";
import type { Comparison } from "./comparison";
import { formatMarketCap, formatPrice, formatResultMultiplier } from "../shared/format";
import type { Coin } from "../validation/coins";
import { pairQuestion } from "./pair-copy";

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

export function renderShareImage(result: Comparison<Coin, Coin>): ImageResponse {
  const { coin1, coin2 } = result;
  return new ImageResponse(
    (
      <ShareFrame>
        <div style={{ display: "flex", alignItems: "center", gap: 24 }}>
          <Badge symbol={coin1.symbol} />
          <div style={{ display: "flex", fontSize: 40, color: COLOURS.muted }}>at the market cap of</div>
          <Badge symbol={coin2.symbol} />
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
          <div style={{ display: "flex", fontSize: 52, fontWeight: 700 }}>{pairQuestion(coin1, coin2)}</div>
          {result.comparable ? (
            <div style={{ display: "flex", alignItems: "baseline", gap: 28 }}>
              <div style={{ display: "flex", fontSize: 112, fontWeight: 700, color: COLOURS.primary }}>{formatPrice(result.projectedPrice)}</div>
              <div style={{ display: "flex", fontSize: 64, fontWeight: 700 }}>{formatResultMultiplier(result.multiplier)}</div>
            </div>
          ) : (
            <div style={{ display: "flex", fontSize: 48, color: COLOURS.muted }}>No market cap data to compare.</div>
          )}
        </div>
        <div style={{ display: "flex", justifyContent: "space-between", fontSize: 30, color: COLOURS.muted }}>
          <div style={{ display: "flex" }}>
            {coin1.symbol} {formatMarketCap(coin1.marketCap)} · {coin2.symbol} {formatMarketCap(coin2.marketCap)}
          </div>
          <div style={{ display: "flex", color: COLOURS.text, fontWeight: 700 }}>PulseCompare</div>
        </div>
      </ShareFrame>
    ),
    SHARE_IMAGE_SIZE,
  );
}
