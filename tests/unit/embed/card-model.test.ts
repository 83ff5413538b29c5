// What each embeddable card says (lib/embed/card-model.ts) and the document that says it
// (lib/embed/card-html.ts): the pair page's maths and words for every choice a card's address
// carries, the failures in the page's words, and a listing's words escaped wherever they go.
import { createHash } from "node:crypto";
import type { Coin } from "@/lib/coins/schemas";
import type { PairBases } from "@/lib/coins/supply-bases";
import { CARD_CSP, cardHtml, notFoundCardHtml } from "@/lib/embed/card-html";
import { cardCoin, coinCardModel, ladderCardModel, pairCardModel, type PairCardModel } from "@/lib/embed/card-model";
import { formatMarketCap, formatPrice, formatResultMultiplier } from "@/lib/shared/format";
import { makeCoin } from "@/tests/components/fixtures";

const UPDATED = "2026-11-29T17:20:00.000Z";

/** A live-priced coin with a local logo, at `marketCap` (the fixtures' coin with this test's figures). */
const coin = (id: string, symbol: string, currentPrice: number, marketCap: number, extra: Partial<Coin> = {}): Coin =>
  makeCoin({ id, symbol, name: symbol, logoUrl: `/logos/${id}.webp`, currentPrice, marketCap, priceChange24h: 2.5, priceSource: "dexscreener", priceUpdatedAt: UPDATED, ...extra });

const plsx = coin("plsx", "PLSX", 0.00002, 2e9);
const hex = coin("hex", "HEX", 0.005, 3e9, { athMarketCap: 6e10, athMarketCapAt: "2021-09-15T00:00:00.000Z" });
const circulatingOnly: PairBases = { coin1: [], coin2: [] };
const pair = (search: string, bases = circulatingOnly, coin1 = plsx, coin2 = hex) => pairCardModel({ coin1, coin2, bases, search });
const answer = (model: PairCardModel) => model.answer as Extract<PairCardModel["answer"], { price: string }>;

describe("the pair card", () => {
  test("today: coin 1 at coin 2's market cap, the multiplier and the target, with the prices' age and the page's address", () => {
    const model = pair("");
    expect(model).toMatchObject({ kind: "pair", theme: "dark", title: "PLSX at HEX's market cap", pagePath: "/compare/plsx/hex", targetPhrase: "at HEX's market cap" });
    expect(model.answer).toEqual({ price: formatPrice(0.00003), multiplier: formatResultMultiplier(1.5), targetCap: formatMarketCap(3e9) });
    expect(model.pricesLabel).toBe("Prices updated Nov 29, 2026, 17:20 UTC");
    expect(model.holding).toBeNull();
  });

  test("?target=ath: at coin 2's all-time-high market cap, kept in the page's link", () => {
    const model = pair("?target=ath&theme=light");
    expect(model.theme).toBe("light");
    expect(model.targetPhrase).toBe("at HEX's all-time-high market cap");
    expect(answer(model)).toEqual({ price: formatPrice(0.0006), multiplier: formatResultMultiplier(30), targetCap: formatMarketCap(6e10) });
    expect(model.pagePath).toBe("/compare/plsx/hex?target=ath");
  });

  test("?mcap=: at a typed market cap; one that is no number says why, in the field's words", () => {
    const typed = pair("?mcap=100b");
    expect(typed.targetPhrase).toBe(`at a market cap of ${formatMarketCap(1e11)}`);
    expect(answer(typed).price).toBe(formatPrice(0.001));
    expect(typed.pagePath).toBe("/compare/plsx/hex?mcap=100b");
    expect(pair("?mcap=lots").answer).toEqual({ failure: "Enter a market cap like 100b or 2.5t." });
  });

  test("?hold=: that amount today and at the target; a malformed amount is left out", () => {
    expect(pair("?hold=1.5m&target=ath").holding).toEqual({ amount: "1,500,000 PLSX", today: formatPrice(30), atTarget: formatPrice(900) });
    expect(pair("?hold=many").holding).toBeNull();
  });

  test("no high on record, or no market cap: the page's messages, and no figures", () => {
    expect(pair("?target=ath", circulatingOnly, hex, plsx).answer).toEqual({ failure: "PLSX has no all-time-high market cap on record yet." });
    expect(pair("", circulatingOnly, coin("x", "XX", 1, 0), hex).answer).toEqual({ failure: "XX has no market cap data, so it can't be compared." });
  });

  test("the supply bases the address names, a basis a coin lacks read as circulating; a day of history reads as today", () => {
    const bases: PairBases = { coin1: [{ basis: "circulating", supply: 1e14, marketCap: 2e9 }, { basis: "total", supply: 2e14, marketCap: 4e9 }], coin2: [] };
    const total = pair("?supply1=total&supply2=staked", bases);
    expect(answer(total).multiplier).toBe(formatResultMultiplier(0.75));
    expect(total.pagePath).toBe("/compare/plsx/hex?supply1=total&supply2=staked");
    const dated = pair("?on=2026-11-20");
    expect(dated.targetPhrase).toBe("at HEX's market cap");
    expect(dated.pagePath).toBe("/compare/plsx/hex");
  });

  test("parameters a card does not read are dropped from its page's link", () => {
    expect(pair("?utm_source=x&hold=10&theme=dark").pagePath).toBe("/compare/plsx/hex?hold=10");
  });
});

test("the ladder card: coin 1 at 10% to 500% of coin 2's market cap, or the page's failure", () => {
  const model = ladderCardModel({ coin1: plsx, coin2: hex, bases: circulatingOnly, search: "?theme=light&hold=5" });
  expect(model).toMatchObject({ title: "PLSX on the way to HEX's market cap", pagePath: "/compare/plsx/hex#target-ladder", theme: "light" });
  const ladder = model.ladder as Extract<typeof model.ladder, { steps: unknown }>;
  expect(ladder.progress).toBe("66.67%");
  expect(ladder.steps.map((step) => step.share)).toEqual(["10.00%", "25.00%", "50.00%", "100.00%", "200.00%", "500.00%"]);
  expect(ladder.steps[3]).toEqual({ share: "100.00%", marketCap: formatMarketCap(3e9), price: formatPrice(0.00003), multiplier: formatResultMultiplier(1.5) });
  expect(ladderCardModel({ coin1: coin("x", "XX", 1, 0), coin2: hex, bases: circulatingOnly, search: "" }).ladder).toEqual({ failure: "XX has no market cap data, so it can't be compared." });
});

test("the coin card: price, market cap and the 24h change with its direction", () => {
  const model = coinCardModel({ ...hex, priceChange24h: -3.456 }, "?theme=light&target=ath");
  expect(model).toMatchObject({ title: "HEX price and market cap", pagePath: "/coins/hex", theme: "light", price: formatPrice(0.005), marketCap: formatMarketCap(3e9) });
  expect(model.change24h).toEqual({ text: "-3.46%", direction: "down" });
});

test("a logo only when it is one of the site's own files: a card fetches from no other origin", () => {
  expect(cardCoin({ symbol: "HEX", logoUrl: "/logos/hex.webp" }).logo).toBe("/logos/hex.webp");
  expect(cardCoin({ symbol: "A", logoUrl: "https://cdn.example/a.png" }).logo).toBeNull();
  expect(cardCoin({ symbol: "A", logoUrl: "//cdn.example/a.png" }).logo).toBeNull();
  expect(cardCoin({ symbol: "A", logoUrl: null }).logo).toBeNull();
});

describe("the card's document", () => {
  test("a listing's words are escaped in the title, the heading, the figures and the link", () => {
    const evil = coin("evil", `<img src=x onerror=alert(1)>"'&`, 1, 1e6, { logoUrl: `/logos/a.webp" onload="alert(1)` });
    const html = cardHtml(pairCardModel({ coin1: evil, coin2: hex, bases: circulatingOnly, search: "?hold=1" }));
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain('" onload="');
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;");
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  test("its policy allows exactly its inline style and script (by hash), the site's images, and any framing page", () => {
    const html = cardHtml(pair(""));
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const style = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    const script = html.match(/<script>([\s\S]*?)<\/script>/)![1]!;
    expect(CARD_CSP).toBe(`default-src 'none'; style-src ${hash(style)}; script-src ${hash(script)}; img-src 'self'; frame-ancestors *; base-uri 'none'; form-action 'none'`);
    // The not-found card is drawn with the same style and script, so the same policy covers it.
    const missing = notFoundCardHtml("light", "No coin by that name on PulseCompare.");
    expect(missing.match(/<style>([\s\S]*?)<\/style>/)![1]).toBe(style);
    expect(missing.match(/<script>([\s\S]*?)<\/script>/)![1]).toBe(script);
    expect(missing).toContain('<html lang="en" class="light">');
  });

  test("every figure in the HTML with a name the tests and readers can find, and the link opens a new tab", () => {
    const html = cardHtml(pair("?hold=2"));
    for (const name of ["projected-price", "multiplier", "target-cap", "holding", "prices-age"]) expect(html).toContain(`data-figure="${name}"`);
    expect(html).toContain('<a href="/compare/plsx/hex?hold=2" target="_blank" rel="noopener">PLSX at HEX&#39;s market cap</a>');
  });
});
