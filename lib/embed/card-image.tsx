// A card as a PNG (issue 54), for places that take no iframes (X, Telegram, Discord, GitHub
// READMEs, forum signatures): the card's own texts (card-model.ts) drawn in the share images'
// frame and size, so the image and the iframe say the same thing. Rendered by next/og with the font
// it ships: no network. Coins are drawn as their badges, as every share image draws them.
import { ImageResponse } from "next/og";
import { Badge, COLOURS, LIGHT_COLOURS, SHARE_IMAGE_SIZE, ShareFrame, type Palette } from "../shared/share-frame";
import type { CardModel, CoinCardModel, LadderCardModel, PairCardModel } from "./card-model";

function Figure({ label, value, colour, palette }: { label: string; value: string; colour?: string; palette: Palette }) {
  return (
    <div style={{ display: "flex", flexDirection: "column", flex: 1, padding: "20px 24px", borderRadius: 16, background: palette.card }}>
      <div style={{ display: "flex", fontSize: 28, color: palette.muted }}>{label}</div>
      <div style={{ display: "flex", fontSize: 56, fontWeight: 700, color: colour ?? palette.text }}>{value}</div>
    </div>
  );
}

function pairRows(model: PairCardModel, palette: Palette) {
  const { answer } = model;
  if ("failure" in answer) return <div style={{ display: "flex", fontSize: 40, color: palette.muted }}>{answer.failure}</div>;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 20 }}>
      <div style={{ display: "flex", gap: 20 }}>
        <Figure label={`Price ${model.targetPhrase}`} value={answer.price} colour={palette.primary} palette={palette} />
        <Figure label="Multiplier" value={answer.multiplier} palette={palette} />
      </div>
      {model.holding ? (
        <div style={{ display: "flex", fontSize: 30, color: palette.muted }}>
          {`${model.holding.amount}: ${model.holding.today} today, ${model.holding.atTarget} ${model.targetPhrase}`}
        </div>
      ) : (
        <div style={{ display: "flex", fontSize: 30, color: palette.muted }}>{`Target market cap ${answer.targetCap}`}</div>
      )}
    </div>
  );
}

function ladderRows(model: LadderCardModel, palette: Palette) {
  const { ladder } = model;
  if ("failure" in ladder) return <div style={{ display: "flex", fontSize: 40, color: palette.muted }}>{ladder.failure}</div>;
  return (
    <div style={{ display: "flex", flexDirection: "column", fontSize: 28 }}>
      {ladder.steps.map((step) => (
        <div key={step.share} style={{ display: "flex", justifyContent: "space-between", padding: "6px 0", borderBottom: `2px solid ${palette.card}` }}>
          <div style={{ display: "flex", width: 200 }}>{step.share}</div>
          <div style={{ display: "flex", width: 260, color: palette.muted }}>{step.marketCap}</div>
          <div style={{ display: "flex", width: 320, fontWeight: 700, color: palette.primary }}>{step.price}</div>
          <div style={{ display: "flex", width: 200, justifyContent: "flex-end" }}>{step.multiplier}</div>
        </div>
      ))}
    </div>
  );
}

function coinRows(model: CoinCardModel, palette: Palette) {
  const changeColour = model.change24h.direction === "up" ? "#4ade80" : model.change24h.direction === "down" ? "#f87171" : palette.text;
  return (
    <div style={{ display: "flex", gap: 20 }}>
      <Figure label="Price" value={model.price} colour={palette.primary} palette={palette} />
      <Figure label="Market cap" value={model.marketCap} palette={palette} />
      <Figure label="24h" value={model.change24h.text} colour={changeColour} palette={palette} />
    </div>
  );
}

export function renderCardImage(model: CardModel): ImageResponse {
  const palette: Palette = model.theme === "light" ? LIGHT_COLOURS : COLOURS;
  const symbols = model.kind === "coin" ? [model.coin.symbol] : [model.coin1.symbol, model.coin2.symbol];
  const rows = model.kind === "coin" ? coinRows(model, palette) : model.kind === "ladder" ? ladderRows(model, palette) : pairRows(model, palette);
  return new ImageResponse(
    (
      <ShareFrame palette={palette}>
        <div style={{ display: "flex", alignItems: "center", gap: 24 }}>
          {symbols.map((symbol) => (
            <Badge key={symbol} symbol={symbol} palette={palette} />
          ))}
          <div style={{ display: "flex", fontSize: model.kind === "ladder" ? 40 : 48, fontWeight: 700 }}>{model.title}</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column" }}>{rows}</div>
        <div style={{ display: "flex", justifyContent: "space-between", fontSize: 26, color: palette.muted }}>
          <div style={{ display: "flex" }}>{model.pricesLabel ?? ""}</div>
          <div style={{ display: "flex", color: palette.text, fontWeight: 700 }}>PulseCompare</div>
        </div>
      </ShareFrame>
    ),
    SHARE_IMAGE_SIZE,
  );
}
