// The 1200×630 preview of a coin's page (Open Graph and X cards): the coin, its price, market cap
// and distance from its all-time high, in the pair image's colours and badge (one look for every
// share image the site makes).
import { ImageResponse } from "next/og";
import { Badge, COLOURS, SHARE_IMAGE_SIZE, ShareFrame } from "../shared/share-frame";
import type { Coin } from "./schemas";
import { forkCopyLabel } from "./fork-copies";
import { coinShareCopy } from "./share-copy";

export function renderCoinShareImage(coin: Coin): ImageResponse {
  const copy = coinShareCopy(coin);
  return new ImageResponse(
    (
      <ShareFrame>
        <div style={{ display: "flex", alignItems: "center", gap: 28 }}>
          <Badge symbol={coin.symbol} />
          <div style={{ display: "flex", flexDirection: "column" }}>
            <div style={{ display: "flex", fontSize: 64, fontWeight: 700 }}>{coin.symbol}</div>
            <div style={{ display: "flex", fontSize: 36, color: COLOURS.muted }}>{coin.forkOf ? `${coin.name} · ${forkCopyLabel(coin.forkOf)}` : coin.name}</div>
          </div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
          <div style={{ display: "flex", fontSize: 112, fontWeight: 700, color: COLOURS.primary }}>{copy.price}</div>
          <div style={{ display: "flex", fontSize: 48, fontWeight: 700 }}>{copy.marketCap}</div>
        </div>
        <div style={{ display: "flex", justifyContent: "space-between", fontSize: 30, color: COLOURS.muted }}>
          <div style={{ display: "flex" }}>{copy.high}</div>
          <div style={{ display: "flex", color: COLOURS.text, fontWeight: 700 }}>PulseCompare</div>
        </div>
      </ShareFrame>
    ),
    SHARE_IMAGE_SIZE,
  );
}
