// oEmbed's pure half (lib/embed/oembed.ts): which card a page address of this site stands for, and
// the `rich` answer framing it, over every kind of page and the addresses that must name none.
import { indexBySymbol } from "@/lib/coins/coin-lookup";
import { CARD_SIZES, MIN_CARD_WIDTH, cardPagePath, embedPath, type EmbedCard } from "@/lib/embed/embed-path";
import { cardForUrl, embedCardOf, frameSize, oembedDiscoveryUrl, oembedFor, type OembedRefusal } from "@/lib/embed/oembed";
import { oembedAnswerSchema, type OembedAnswer } from "@/lib/embed/oembed-schema";

const SITE = "https://pulsecompare.example";
type C = { id: string; symbol: string; name: string; currentPrice: number; marketCap: number };
const coins: C[] = [
  { id: "btc", symbol: "BTC", name: "Bitcoin", currentPrice: 100_000, marketCap: 2_000_000_000_000 },
  { id: "hex", symbol: "HEX", name: "HEX", currentPrice: 0.005, marketCap: 3_000_000_000 },
  // A listed token whose id is not its symbol; a symbol two coins share.
  { id: "quasar-pulse", symbol: "QSRP", name: "Quasar <Pulse> & \"Co\"", currentPrice: 1, marketCap: 1_000_000 },
  { id: "moon-a", symbol: "MOON", name: "Moon A", currentPrice: 0.00001, marketCap: 4_000_000_000 },
  { id: "moon-b", symbol: "MOON", name: "Moon B", currentPrice: 0.000001, marketCap: 1_000_000 },
];
const lookup = { byId: new Map(coins.map((coin) => [coin.id, coin])), bySymbol: indexBySymbol(coins) };
const btc = coins[0]!;

const answer = (url: string, limits: { maxwidth?: number; maxheight?: number } = {}) => {
  const result = oembedFor(lookup, SITE, { url, ...limits });
  if ("refused" in result) throw new Error(`refused: ${result.message}`);
  // Every answer is one the contract describes, with the fields the spec requires of `rich`.
  return oembedAnswerSchema.parse(result) as OembedAnswer;
};
const refusal = (url: string, limits: { maxwidth?: number; maxheight?: number } = {}) => oembedFor(lookup, SITE, { url, ...limits }) as OembedRefusal;
/** The iframe's attributes, as a browser would read them. */
function iframe(html: string): Record<string, string> {
  expect(html).toMatch(/^<iframe [^<>]*><\/iframe>$/);
  const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return Object.fromEntries([...html.matchAll(/ ([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, decode(value!)]));
}

describe("each page kind's address gives its card", () => {
  test.each<[string, string, EmbedCard]>([
    ["a pair page", "/compare/hex/btc", { kind: "pair", coin1: "hex", coin2: "btc" }],
    ["the pair page's ladder section", "/compare/hex/btc#target-ladder", { kind: "ladder", coin1: "hex", coin2: "btc" }],
    ["a coin page", "/coins/quasar-pulse", { kind: "coin", coin: "quasar-pulse" }],
    ["a pair card's own address", "/embed/hex/btc", { kind: "pair", coin1: "hex", coin2: "btc" }],
    ["a ladder card's own address", "/embed/hex/btc/ladder", { kind: "ladder", coin1: "hex", coin2: "btc" }],
    ["a coin card's own address", "/embed/btc", { kind: "coin", coin: "btc" }],
    ["another anchor on the pair page", "/compare/hex/btc#provenance", { kind: "pair", coin1: "hex", coin2: "btc" }],
    ["a trailing slash (the page redirects it)", "/compare/hex/btc/", { kind: "pair", coin1: "hex", coin2: "btc" }],
  ])("%s", (_, path, card) => {
    const found = cardForUrl(lookup, SITE, `${SITE}${path}`);
    expect(found && embedCardOf(found.card)).toEqual(card);
  });

  test.each<EmbedCard>([
    { kind: "pair", coin1: "hex", coin2: "btc" },
    { kind: "ladder", coin1: "quasar-pulse", coin2: "hex" },
    { kind: "coin", coin: "moon-b" },
  ])("the page embed-path.ts names for a $kind card comes back to it, and so does the card's address", (card) => {
    for (const path of [cardPagePath(card), embedPath(card)]) {
      const found = cardForUrl(lookup, SITE, `${SITE}${path}`);
      expect(found && embedCardOf(found.card)).toEqual(card);
    }
  });

  test("near misses resolve to the canonical ids, as the pages redirect them", () => {
    for (const path of ["/compare/HEX/Btc", "/compare/hex/qsrp", "/coins/QSRP", "/embed/Hex/BTC/ladder", "/compare/%48EX/btc"]) {
      const found = cardForUrl(lookup, SITE, `${SITE}${path}`)!;
      expect(found).not.toBeNull();
      for (const coin of Object.values(found.card).filter((value) => typeof value === "object")) expect(coins).toContain(coin);
    }
    expect(embedCardOf(cardForUrl(lookup, SITE, `${SITE}/compare/HEX/qsrp`)!.card)).toEqual({ kind: "pair", coin1: "hex", coin2: "quasar-pulse" });
  });
});

describe("addresses that name no card", () => {
  test.each([
    ["another origin", "https://evil.example/compare/hex/btc"],
    ["another scheme of the site's host", "http://pulsecompare.example/compare/hex/btc"],
    ["another port", "https://pulsecompare.example:8443/compare/hex/btc"],
    ["a subdomain", "https://www.pulsecompare.example/compare/hex/btc"],
    ["credentials in the address", "https://user:pw@pulsecompare.example/compare/hex/btc"],
    ["a javascript: URL", "javascript:alert(1)//https://pulsecompare.example/compare/hex/btc"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a relative address", "/compare/hex/btc"],
    ["a scheme-relative address", "//pulsecompare.example/compare/hex/btc"],
    ["not a URL at all", "hex vs btc"],
    ["the empty string", ""],
    ["the home page", `${SITE}/`],
    ["a pair page with a segment more", `${SITE}/compare/hex/btc/extra`],
    ["a pair page with a segment less", `${SITE}/compare/hex`],
    ["a coin page with a segment more", `${SITE}/coins/hex/history`],
    ["a card's PNG", `${SITE}/embed/hex/btc/card.png`],
    ["a coin card's PNG", `${SITE}/embed/hex/card.png`],
    ["a card with an unknown last segment", `${SITE}/embed/hex/btc/chart`],
    ["another page of the site", `${SITE}/get-listed`],
    ["an API address", `${SITE}/api/pairs/hex/btc`],
    ["an unknown coin", `${SITE}/coins/no-such-coin`],
    ["an unknown coin in a pair", `${SITE}/compare/hex/no-such-coin`],
    ["a symbol two coins share", `${SITE}/coins/MOON`],
    ["the same coin twice", `${SITE}/compare/hex/HEX`],
    ["a malformed percent-escape", `${SITE}/coins/%E0%A4%A`],
    ["an encoded slash inside a segment", `${SITE}/compare/hex%2Fbtc/eth`],
  ])("%s", (_, url) => {
    expect(cardForUrl(lookup, SITE, url)).toBeNull();
    expect(refusal(url)).toEqual({ refused: "not-a-card-page", message: expect.stringContaining("not a pair, coin or ladder page") });
  });
});

describe("the card's query: only what that kind of card reads", () => {
  test("the pair card keeps its choices and the theme, in the order given, and drops the rest", () => {
    const found = cardForUrl(lookup, SITE, `${SITE}/compare/hex/btc?date=2026-01-01&theme=light&target=ath&hold=1000&utm_source=x&supply1=total`);
    expect(found!.search).toBe("?theme=light&target=ath&hold=1000&supply1=total");
  });

  test("the ladder keeps the bases and the theme only; the coin card the theme only", () => {
    expect(cardForUrl(lookup, SITE, `${SITE}/compare/hex/btc?target=ath&supply2=total&theme=light#target-ladder`)!.search).toBe("?supply2=total&theme=light");
    expect(cardForUrl(lookup, SITE, `${SITE}/coins/hex?target=ath&theme=light&range=1y`)!.search).toBe("?theme=light");
    expect(cardForUrl(lookup, SITE, `${SITE}/coins/hex?range=1y`)!.search).toBe("");
  });

  test("a value that would break out of the attribute is encoded in the address and escaped in the HTML", () => {
    const a = answer(`${SITE}/compare/hex/btc?hold=${encodeURIComponent('1"><script>alert(1)</script>')}&theme=light`);
    expect(a.html).not.toMatch(/<script/i);
    expect(a.html.match(/</g)).toHaveLength(2);
    expect(Object.keys(iframe(a.html))).toEqual(["src", "width", "height", "style", "loading", "title"]);
    const src = new URL(iframe(a.html).src!);
    expect(src.searchParams.get("hold")).toBe('1"><script>alert(1)</script>');
    expect(src.searchParams.get("theme")).toBe("light");
  });
});

describe("the rich answer", () => {
  test("a pair: the spec's required fields, the pair page's title, the card in a frame of its offered size, its PNG as thumbnail", () => {
    const a = answer(`${SITE}/compare/hex/btc?theme=light`);
    expect(a).toMatchObject({ version: "1.0", type: "rich", provider_name: "PulseCompare", provider_url: SITE, cache_age: 20, width: 600, height: 260 });
    expect(a.title).toMatch(/^HEX at BTC's market cap: \$[\d.,]+ \([\d.,]+x\)$/);
    expect(iframe(a.html)).toEqual({
      src: `${SITE}/embed/hex/btc?theme=light`,
      width: "600",
      height: "260",
      style: "border:0;max-width:100%",
      loading: "lazy",
      title: a.title,
    });
    expect(a).toMatchObject({ thumbnail_url: `${SITE}/embed/hex/btc/card.png?theme=light`, thumbnail_width: 1200, thumbnail_height: 630 });
  });

  test("a ladder: the section's heading as title, its taller frame, and its PNG as thumbnail", () => {
    const a = answer(`${SITE}/compare/hex/btc#target-ladder`);
    expect(a.title).toBe("HEX on the way to BTC's market cap");
    expect(a).toMatchObject({ width: CARD_SIZES.ladder.width, height: CARD_SIZES.ladder.height });
    expect(iframe(a.html).src).toBe(`${SITE}/embed/hex/btc/ladder`);
    expect(a).toMatchObject({ thumbnail_url: `${SITE}/embed/hex/btc/ladder/card.png`, thumbnail_width: 1200, thumbnail_height: 630 });
  });

  test("a coin: the coin page's title, escaped in the frame's title", () => {
    const a = answer(`${SITE}/coins/qsrp`);
    expect(a.title).toBe('Quasar <Pulse> & "Co" (QSRP): price, market cap and all-time high');
    expect(a.html).toContain('title="Quasar &lt;Pulse&gt; &amp; &quot;Co&quot; (QSRP): price, market cap and all-time high"');
    expect(iframe(a.html).title).toBe(a.title);
    expect(iframe(a.html).src).toBe(`${SITE}/embed/quasar-pulse`);
    expect(a).toMatchObject({ width: 600, height: 200, thumbnail_url: `${SITE}/embed/quasar-pulse/card.png` });
  });

  test("the html is one iframe and nothing that runs", () => {
    for (const url of [`${SITE}/compare/hex/btc`, `${SITE}/compare/hex/btc#target-ladder`, `${SITE}/coins/hex`]) {
      const { html } = answer(url);
      expect(html).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
      expect(html.match(/</g)).toHaveLength(2);
    }
  });

  test("a pair with no market cap still has its page's title: the question alone", () => {
    const broken = { ...btc, id: "dead", symbol: "DEAD", marketCap: 0 };
    const withBroken = { byId: new Map([...lookup.byId, ["dead", broken]]), bySymbol: indexBySymbol([...coins, broken]) };
    const result = oembedFor(withBroken, SITE, { url: `${SITE}/compare/dead/hex` });
    expect(result).toMatchObject({ type: "rich", title: "DEAD at HEX's market cap" });
  });

  test("the site's origin is whatever getSiteUrl says, http included", () => {
    const local = "http://localhost:3000";
    const result = oembedFor(lookup, local, { url: `${local}/coins/hex` });
    expect(result).toMatchObject({ provider_url: local, thumbnail_url: `${local}/embed/hex/card.png` });
    expect(oembedFor(lookup, local, { url: `${SITE}/coins/hex` })).toHaveProperty("refused");
  });

  test("the coins are the snapshot's own, whatever near miss named them", () => {
    expect(iframe(answer(`${SITE}/compare/QSRP/Hex`).html).src).toBe(`${SITE}/embed/quasar-pulse/hex`);
    expect(answer(`${SITE}/compare/QSRP/Hex`).title).toMatch(/^QSRP at HEX's market cap/);
  });
});

describe("maxwidth and maxheight", () => {
  test("maxwidth narrows the frame, never below the card's narrowest; a larger one changes nothing", () => {
    expect(answer(`${SITE}/compare/hex/btc`, { maxwidth: 400 })).toMatchObject({ width: 400, height: 260 });
    expect(iframe(answer(`${SITE}/compare/hex/btc`, { maxwidth: 400 }).html)).toMatchObject({ width: "400", height: "260" });
    expect(answer(`${SITE}/compare/hex/btc`, { maxwidth: MIN_CARD_WIDTH })).toMatchObject({ width: MIN_CARD_WIDTH });
    expect(answer(`${SITE}/compare/hex/btc`, { maxwidth: 5000, maxheight: 5000 })).toMatchObject({ width: 600, height: 260 });
    expect(answer(`${SITE}/compare/hex/btc`, { maxheight: 260 })).toMatchObject({ height: 260 });
  });

  test("no answer exceeds either limit: a card that cannot fit is refused (404), not squeezed", () => {
    for (const kind of ["pair", "ladder", "coin"] as const) {
      for (const maxwidth of [undefined, 1, 279, 280, 281, 599, 600, 601, 1200]) {
        for (const maxheight of [undefined, 1, 199, 200, 259, 260, 479, 480, 630, 1000]) {
          const size = frameSize(kind, { maxwidth, maxheight });
          if (size) {
            expect(size.width).toBeLessThanOrEqual(maxwidth ?? Infinity);
            expect(size.height).toBeLessThanOrEqual(maxheight ?? Infinity);
            expect(size.width).toBeGreaterThanOrEqual(MIN_CARD_WIDTH);
          } else {
            expect((maxwidth ?? Infinity) < MIN_CARD_WIDTH || (maxheight ?? Infinity) < CARD_SIZES[kind].height).toBe(true);
          }
        }
      }
    }
    expect(refusal(`${SITE}/compare/hex/btc`, { maxwidth: 279 })).toEqual({ refused: "does-not-fit", message: expect.stringContaining("280 px") });
    expect(refusal(`${SITE}/compare/hex/btc#target-ladder`, { maxheight: 400 })).toEqual({ refused: "does-not-fit", message: expect.stringContaining("480 px") });
  });

  test("the thumbnail respects the limits too: it is left out when the PNG would exceed them", () => {
    expect(answer(`${SITE}/coins/hex`, { maxwidth: 600 })).not.toHaveProperty("thumbnail_url");
    expect(answer(`${SITE}/coins/hex`, { maxheight: 600 })).not.toHaveProperty("thumbnail_url");
    expect(answer(`${SITE}/coins/hex`, { maxwidth: 1200, maxheight: 630 })).toMatchObject({ thumbnail_width: 1200, thumbnail_height: 630 });
  });
});

test("the discovery link's href: the endpoint, the page's absolute address encoded, format=json, nothing else", () => {
  const href = oembedDiscoveryUrl(SITE, "/compare/hex/btc");
  expect(href).toBe(`${SITE}/api/oembed?url=https%3A%2F%2Fpulsecompare.example%2Fcompare%2Fhex%2Fbtc&format=json`);
  const parsed = new URL(href);
  expect([...parsed.searchParams.keys()]).toEqual(["url", "format"]);
  expect(cardForUrl(lookup, SITE, parsed.searchParams.get("url")!)).not.toBeNull();
});
