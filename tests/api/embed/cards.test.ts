// The card routes (app/embed/, issue 54) as Next calls them, on a real seeded SQLite file: each
// kind and format answers from the cached snapshot with the pair API's figures, addresses resolve
// as the pages' do (near misses 308 with the card's choices, unknown coins 404), and every answer
// is public, frameable and cookie-free.
import type { ReactElement } from "react";
import * as coinCard from "@/app/embed/[coin1]/route";
import * as coinImage from "@/app/embed/[coin1]/card.png/route";
import * as pairCard from "@/app/embed/[coin1]/[coin2]/route";
import * as pairImage from "@/app/embed/[coin1]/[coin2]/card.png/route";
import * as ladderCard from "@/app/embed/[coin1]/[coin2]/ladder/route";
import * as ladderImage from "@/app/embed/[coin1]/[coin2]/ladder/card.png/route";
import * as pairApi from "@/app/api/pairs/[coin1]/[coin2]/route";
import { PUBLIC_CACHE_CONTROL } from "@/lib/cache/cache-control";
import type { PairAnswer } from "@/lib/compare/pair-answer-schema";
import { CARD_CSP } from "@/lib/embed/card-html";
import { formatMarketCap, formatPrice, formatResultMultiplier } from "@/lib/shared/format";
import { call, ORIGIN } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { elementTexts } from "@/tests/helpers/element-texts";

useTestDatabase({ seed: true });

// next/og renders through a dynamic import jest cannot run: a stand-in keeps the element it was
// given and answers as next/og does (its year-long Cache-Control, which the route must replace).
// The real PNG is drawn by the production build in the browser suite (tests/browser/embed/embed.spec.ts).
let lastImage: { element: ReactElement; options: { width: number; height: number } } | undefined;
jest.mock("next/og", () => ({
  ImageResponse: class extends Response {
    constructor(element: ReactElement, options: { width: number; height: number }) {
      super(null, { headers: { "Content-Type": "image/png", "Cache-Control": "public, immutable, no-transform, max-age=31536000" } });
      lastImage = { element, options };
    }
  },
}));


type Segments = { coin1: string; coin2?: string };
const figure = (html: string, name: string) => html.match(new RegExp(`data-figure="${name}"[^>]*>([^<]*)<`))?.[1];

function expectCardHeaders(headers: Headers, contentType: RegExp) {
  expect(headers.get("content-type")).toMatch(contentType);
  expect(headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  expect(headers.get("set-cookie")).toBeNull();
}

test("the pair card: the pair API's figures, printed in the HTML with its own policy", async () => {
  const api = (await call(pairApi.GET, "/api/pairs/hex/btc", { params: { coin1: "hex", coin2: "btc" } })).body as PairAnswer;
  const res = await call<Segments>(pairCard.GET, "/embed/hex/btc", { params: { coin1: "hex", coin2: "btc" } });
  expect(res.status).toBe(200);
  expectCardHeaders(res.headers, /^text\/html; charset=utf-8$/);
  expect(res.headers.get("content-security-policy")).toBe(CARD_CSP);
  expect(figure(res.text, "projected-price")).toBe(formatPrice(api.today!.projectedPrice));
  expect(figure(res.text, "multiplier")).toBe(formatResultMultiplier(api.today!.multiplier));
  expect(figure(res.text, "target-cap")).toBe(formatMarketCap(api.today!.targetMarketCap));
  expect(res.text).not.toMatch(/_next|<link/);
});

test("the card's choices: the high, a typed cap, an amount held and the theme", async () => {
  const api = (await call(pairApi.GET, "/api/pairs/hex/btc", { params: { coin1: "hex", coin2: "btc" } })).body as PairAnswer;
  const ath = await call<Segments>(pairCard.GET, "/embed/hex/btc?target=ath&hold=1000&theme=light", { params: { coin1: "hex", coin2: "btc" } });
  expect(figure(ath.text, "projected-price")).toBe(formatPrice(api.ath!.projectedPrice));
  expect(figure(ath.text, "holding")).toBe(`1,000 HEX: ${formatPrice(1000 * api.coin1.currentPrice)} today, ${formatPrice(1000 * api.ath!.projectedPrice)} at BTC&#39;s all-time-high market cap`);
  expect(ath.text).toContain('<html lang="en" class="light">');
  const typed = await call<Segments>(pairCard.GET, "/embed/hex/btc?mcap=1t", { params: { coin1: "hex", coin2: "btc" } });
  expect(figure(typed.text, "projected-price")).toBe(formatPrice((api.coin1.currentPrice * 1e12) / api.coin1.marketCap));
});

test("the ladder and coin cards", async () => {
  const ladder = await call<Segments>(ladderCard.GET, "/embed/hex/btc/ladder", { params: { coin1: "hex", coin2: "btc" } });
  expect(ladder.status).toBe(200);
  expect(ladder.text.match(/<tr data-step>/g)).toHaveLength(6);
  const coin = await call<Segments>(coinCard.GET, "/embed/hex", { params: { coin1: "hex" } });
  const hex = ((await call(pairApi.GET, "/api/pairs/hex/btc", { params: { coin1: "hex", coin2: "btc" } })).body as PairAnswer).coin1;
  expect(figure(coin.text, "price")).toBe(formatPrice(hex.currentPrice));
  expect(figure(coin.text, "market-cap")).toBe(formatMarketCap(hex.marketCap));
});

test("each card's PNG: the card's own texts drawn at 1200x630, cached as the card is (not for a year, as next/og marks it)", async () => {
  const api = (await call(pairApi.GET, "/api/pairs/hex/btc", { params: { coin1: "hex", coin2: "btc" } })).body as PairAnswer;
  for (const [handler, path, params, expected] of [
    [pairImage.GET, "/embed/hex/btc/card.png?theme=light", { coin1: "hex", coin2: "btc" }, ["HEX at BTC's market cap", formatPrice(api.today!.projectedPrice), formatResultMultiplier(api.today!.multiplier)]],
    [ladderImage.GET, "/embed/hex/btc/ladder/card.png", { coin1: "hex", coin2: "btc" }, ["HEX on the way to BTC's market cap", "500.00%", formatPrice(api.ladder!.steps[5]!.price)]],
    [coinImage.GET, "/embed/hex/card.png", { coin1: "hex" }, ["HEX price and market cap", formatPrice(api.coin1.currentPrice), formatMarketCap(api.coin1.marketCap)]],
  ] as const) {
    const response = await handler(new Request(`${ORIGIN}${path}`), { params: Promise.resolve(params as Segments) });
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    expectCardHeaders(response.headers, /^image\/png$/);
    const drawn = lastImage!;
    expect(drawn.options).toEqual({ width: 1200, height: 630 });
    const words = elementTexts(drawn.element).join(" ");
    for (const text of expected) expect({ path, has: words.includes(text) }).toEqual({ path, has: true });
  }
});

test("a near miss moves for good to the canonical card, keeping only the choices that card reads", async () => {
  const pair = await call<Segments>(pairCard.GET, "/embed/HEX/btc?theme=light&utm=x&hold=5", { params: { coin1: "HEX", coin2: "btc" } });
  expect(pair.status).toBe(308);
  expect(pair.headers.get("location")).toBe("/embed/hex/btc?theme=light&hold=5");
  const coin = await call<Segments>(coinCard.GET, "/embed/HEX?hold=5", { params: { coin1: "HEX" } });
  expect(coin.headers.get("location")).toBe("/embed/hex");
  const image = await call<Segments>(ladderImage.GET, "/embed/HEX/btc/ladder/card.png?supply1=total", { params: { coin1: "HEX", coin2: "btc" } });
  expect(image.headers.get("location")).toBe("/embed/hex/btc/ladder/card.png?supply1=total");
});

test("an address that names no coin (or the same coin twice) is a 404: a card that says so, or JSON for an image", async () => {
  for (const [coin1, coin2] of [
    ["nope", "btc"],
    ["hex", "hex"],
  ] as const) {
    const res = await call<Segments>(pairCard.GET, `/embed/${coin1}/${coin2}`, { params: { coin1, coin2 } });
    expect(res.status).toBe(404);
    expectCardHeaders(res.headers, /^text\/html/);
    expect(res.text).toContain("No pair of coins by those names on PulseCompare.");
  }
  const image = await call<Segments>(coinImage.GET, "/embed/nope/card.png", { params: { coin1: "nope" } });
  expect(image.status).toBe(404);
  expect(image.body).toEqual({ error: { code: "not_found", message: "No coin by that name on PulseCompare." } });
});

test("parameters a card does not read are redirected away: one address per card at the edge, a cache-buster costs no drawing", async () => {
  const res = await call<Segments>(pairImage.GET, "/embed/hex/btc/card.png?_=123&theme=light", { params: { coin1: "hex", coin2: "btc" } });
  expect(res.status).toBe(308);
  expect(res.headers.get("location")).toBe("/embed/hex/btc/card.png?theme=light");
  const html = await call<Segments>(coinCard.GET, "/embed/hex?hold=5", { params: { coin1: "hex" } });
  expect(html.headers.get("location")).toBe("/embed/hex");
});

test("new PNGs are drawn at most 30 a minute per IP (card-image); the HTML cards are not counted", async () => {
  const draw = (hold: number) =>
    pairImage.GET(new Request(`${ORIGIN}/embed/hex/btc/card.png?hold=${hold}`, { headers: { "X-Forwarded-For": "198.51.100.7" } }), { params: Promise.resolve({ coin1: "hex", coin2: "btc" }) });
  // The test before drew three from this process's address; this client starts afresh.
  const statuses: number[] = [];
  for (let hold = 1; hold <= 31; hold++) statuses.push((await draw(hold)).status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(30);
  const refused = await draw(99);
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(refused.headers.get("ratelimit-policy")).toBe('"ip-minute";q=30;w=60, "total-minute";q=600;w=60');
  expect(refused.headers.get("ratelimit")).toMatch(/^"ip-minute";r=0;t=\d+, "total-minute";r=\d+;t=\d+$/);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
  const card = await call<Segments>(pairCard.GET, "/embed/hex/btc?hold=100", { params: { coin1: "hex", coin2: "btc" } });
  expect(card.status).toBe(200);
});
