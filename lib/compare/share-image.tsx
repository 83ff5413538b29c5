// The 1200×630 preview of a comparison page (Open Graph and X cards): the question, the answer
// and both market caps, in the site's colours. Rendered by next/og with the font it ships, so
// it needs no network; coins are drawn as their symbols' first letters, as the site does for a
// coin without a logo.
import { ImageResponse } from "next/og";
import type { Comparison } from "./comparison";
import { formatMarketCap, formatPrice, formatResultMultiplier } from "../shared/format";
import type { Coin } from "../coins/schemas";
import { pairQuestion } from "./pair-copy";
import { Badge, COLOURS, SHARE_IMAGE_SIZE, ShareFrame } from "../shared/share-frame";

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
