// An embeddable card as one HTML document (issue 54): the figures printed on the server, one small
// inline stylesheet, and a few lines of script that tell the framing page the card's height. No
// framework, no cookie, no request to another origin: it must show every figure with scripting
// off and weigh a few kilobytes on a forum page that frames a dozen of them. Pure: text in, text out.
import { createHash } from "node:crypto";
import type { CardCoin, CardModel, CoinCardModel, LadderCardModel, PairCardModel } from "./card-model";
import { HEIGHT_MESSAGE_TYPE, type EmbedTheme } from "./embed-path";
import { escapeHtml } from "../shared/escape-html";
import { COLOURS, LIGHT_COLOURS, type Palette } from "../shared/share-frame";

/** A theme's custom properties: the card images' palette (share-frame.tsx), so HTML and PNG agree, and what only HTML draws. */
const themeProperties = (palette: Palette, own: { line: string; up: string; down: string }) =>
  `--bg:${palette.background};--card:${palette.card};--fg:${palette.text};--muted:${palette.muted};--line:${own.line};--accent:${palette.primary};--up:${own.up};--down:${own.down}`;

// Two themes from one set of custom properties; dark is the site's own palette (app/globals.css).
// No color-scheme: Chromium paints an opaque canvas behind a frame whose scheme differs from the
// framing page's, which would square off the card's rounded corners on a light page.
const STYLE = `
:root{${themeProperties(COLOURS, { line: "#3d2e4b", up: "#4ade80", down: "#f87171" })}}
.light{${themeProperties(LIGHT_COLOURS, { line: "#e3dbe9", up: "#15803d", down: "#b91c1c" })}}
*{box-sizing:border-box}
html,body{margin:0;background:transparent}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg)}
.card{background:var(--bg);border:1px solid var(--line);border-radius:12px;padding:14px 16px;display:flex;flex-direction:column;gap:10px}
.head{display:flex;align-items:center;gap:10px;min-width:0}
.logos{display:flex;flex:none}
.logos>*+*{margin-left:-8px}
.logo{width:32px;height:32px;border-radius:50%;background:var(--card);border:2px solid var(--bg);display:inline-flex;align-items:center;justify-content:center;font-weight:600;font-size:12px}
h1{font-size:16px;margin:0;line-height:1.3}
a{color:inherit}
h1 a{text-decoration:none}
h1 a:hover,h1 a:focus-visible{text-decoration:underline}
.figures{display:flex;flex-wrap:wrap;gap:8px}
.figure{flex:1 1 110px;background:var(--card);border-radius:8px;padding:8px 10px;min-width:0}
.figure dt{font-size:12px;color:var(--muted)}
.figure dd{margin:2px 0 0;font-size:20px;font-weight:700;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.main{flex:2 1 180px}
.main dd{color:var(--accent)}
dl{margin:0}
.note{margin:0;color:var(--muted);font-size:13px}
.up{color:var(--up)}.down{color:var(--down)}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums;font-size:13px}
th,td{padding:5px 6px;text-align:right;border-bottom:1px solid var(--line);white-space:nowrap}
th:first-child,td:first-child{text-align:left}
th{color:var(--muted);font-weight:500}
.wide{overflow-x:auto}
@media (max-width:420px){.cap{display:none}}
.foot{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;color:var(--muted);font-size:12px}
.brand{font-weight:700;color:var(--fg)}
`.trim();

// Sends the document's height on load and whenever it changes (a narrower frame wraps the figures).
const SCRIPT = `(function(){var h=0;function s(){var n=document.documentElement.scrollHeight;if(n!==h){h=n;parent.postMessage({type:"${HEIGHT_MESSAGE_TYPE}",height:n},"*")}}addEventListener("load",s);if(window.ResizeObserver)new ResizeObserver(s).observe(document.body)})()`;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * The card's own Content-Security-Policy: nothing but its inline style and script (by hash), images
 * from this site, and any page may frame it (the rest of the site refuses: lib/security/headers.mjs).
 */
export const CARD_CSP = [
  "default-src 'none'",
  `style-src ${sha256(STYLE)}`,
  `script-src ${sha256(SCRIPT)}`,
  "img-src 'self'",
  "frame-ancestors *",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

function logo(coin: CardCoin): string {
  // Decorative: the coin's symbol is in the title beside it.
  if (coin.logo) return `<img class="logo" src="${escapeHtml(coin.logo)}" alt="" width="32" height="32">`;
  return `<span class="logo" aria-hidden="true">${escapeHtml(coin.symbol.slice(0, 2).toUpperCase())}</span>`;
}

function figure(label: string, value: string, name: string, main = false): string {
  return `<div class="figure${main ? " main" : ""}"><dt>${escapeHtml(label)}</dt><dd data-figure="${name}">${escapeHtml(value)}</dd></div>`;
}

function pairBody(model: PairCardModel): string {
  const { answer, holding } = model;
  if ("failure" in answer) return `<p class="note" role="status">${escapeHtml(answer.failure)}</p>`;
  const figures = `<dl class="figures">${figure(`Price ${model.targetPhrase}`, answer.price, "projected-price", true)}${figure("Multiplier", answer.multiplier, "multiplier")}${figure("Target market cap", answer.targetCap, "target-cap")}</dl>`;
  const held = holding
    ? `<p class="note" data-figure="holding">${escapeHtml(`${holding.amount}: ${holding.today} today, ${holding.atTarget} ${model.targetPhrase}`)}</p>`
    : "";
  return figures + held;
}

/** The ladder's rows; in a frame under 420 px the market-cap column goes (the share names the target), so the rest fits. */
function ladderBody(model: LadderCardModel): string {
  const { ladder, coin1, coin2 } = model;
  if ("failure" in ladder) return `<p class="note" role="status">${escapeHtml(ladder.failure)}</p>`;
  const rows = ladder.steps
    .map((step) => `<tr data-step><td>${escapeHtml(step.share)}</td><td class="cap">${escapeHtml(step.marketCap)}</td><td data-figure="price">${escapeHtml(step.price)}</td><td>${escapeHtml(step.multiplier)}</td></tr>`)
    .join("");
  const caption = `${coin1.symbol} at shares of ${coin2.symbol}'s market cap`;
  return (
    `<p class="note" data-figure="progress">${escapeHtml(`${coin1.symbol}'s market cap is ${ladder.progress} of ${coin2.symbol}'s.`)}</p>` +
    `<div class="wide"><table aria-label="${escapeHtml(caption)}"><thead><tr><th scope="col">Share of ${escapeHtml(coin2.symbol)}</th><th scope="col" class="cap">Market cap</th><th scope="col">${escapeHtml(coin1.symbol)} price</th><th scope="col">Multiplier</th></tr></thead><tbody>${rows}</tbody></table></div>`
  );
}

function coinBody(model: CoinCardModel): string {
  const { change24h } = model;
  const change = `<div class="figure"><dt>24h</dt><dd data-figure="change-24h" class="${change24h.direction ?? ""}">${escapeHtml(change24h.text)}</dd></div>`;
  return `<dl class="figures">${figure("Price", model.price, "price", true)}${figure("Market cap", model.marketCap, "market-cap")}${change}</dl>`;
}

function body(model: CardModel): string {
  if (model.kind === "coin") return coinBody(model);
  return model.kind === "ladder" ? ladderBody(model) : pairBody(model);
}

function logos(model: CardModel): string {
  return model.kind === "coin" ? logo(model.coin) : logo(model.coin1) + logo(model.coin2);
}

/** Every card's document around its own part: the head with the stylesheet, the footer, the height script. */
function cardDocument({ theme, title, kind, inner, footNote }: { theme: EmbedTheme; title: string; kind: string; inner: string; footNote: string }): string {
  return (
    `<!doctype html><html lang="en" class="${theme}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · PulseCompare</title><style>${STYLE}</style></head><body>` +
    `<article class="card" data-card="${kind}">${inner}` +
    `<div class="foot">${footNote}<a class="brand" href="/" target="_blank" rel="noopener">PulseCompare</a></div></article>` +
    `<script>${SCRIPT}</script></body></html>`
  );
}

/** The whole document of a card. */
export function cardHtml(model: CardModel): string {
  const head =
    `<div class="head"><span class="logos">${logos(model)}</span>` +
    // The page the card stands for, in a new tab: a card is a window into it, never a navigation of the framing page.
    `<h1><a href="${escapeHtml(model.pagePath)}" target="_blank" rel="noopener">${escapeHtml(model.title)}</a></h1></div>`;
  const prices = model.pricesLabel ? `<span data-figure="prices-age">${escapeHtml(model.pricesLabel)}</span>` : "<span></span>";
  return cardDocument({ theme: model.theme, title: model.title, kind: model.kind, inner: head + body(model), footNote: prices });
}

/** A card for an address that names no coin: still a card, so a framing page shows why. */
export function notFoundCardHtml(theme: EmbedTheme, message: string): string {
  return cardDocument({ theme, title: "Not found", kind: "not-found", inner: `<p class="note" role="status">${escapeHtml(message)}</p>`, footNote: "<span></span>" });
}
