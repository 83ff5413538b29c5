// GET /api/oembed (issue 54): the real handler through the API's wrapper, on a real seeded SQLite
// file, its coins read from the cached snapshot as the pages read theirs. Every page kind's address
// answers the spec's `rich` JSON; foreign, malformed and unknown addresses are 404 JSON; xml is 501;
// maxwidth and maxheight are obeyed.
import * as oembedRoute from "@/app/api/oembed/route";
import { PUBLIC_CACHE_CONTROL } from "@/lib/api/responses";
import { computeComparison } from "@/lib/compare/comparison";
import { pairTitle } from "@/lib/compare/pair-copy";
import { oembedAnswerSchema, type OembedAnswer } from "@/lib/embed/oembed-schema";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

const SITE = "https://pulsecompare.example";
const { db } = useTestDatabase({ seed: true });

let restoreEnv: () => void;
beforeAll(() => {
  restoreEnv = setEnvVars({ NEXT_PUBLIC_SITE_URL: SITE });
});
afterAll(() => restoreEnv());

const ask = (query: Record<string, string>) => call(oembedRoute.GET, `/api/oembed?${new URLSearchParams(query)}`);

async function answerFor(url: string, extra: Record<string, string> = {}): Promise<OembedAnswer> {
  const res = await ask({ url, format: "json", ...extra });
  expect({ url, status: res.status }).toEqual({ url, status: 200 });
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  // The fields the spec requires of every answer and of `rich`, with their types.
  const body = res.body as Record<string, unknown>;
  expect(body).toMatchObject({ version: "1.0", type: "rich", html: expect.any(String), width: expect.any(Number), height: expect.any(Number) });
  return oembedAnswerSchema.parse(body);
}

const srcOf = (html: string) => new URL(html.match(/ src="([^"]*)"/)![1]!.replace(/&amp;/g, "&"));

test("every page kind's address, and each card's own: valid rich JSON framing that card", async () => {
  const cases: [string, string, number][] = [
    [`${SITE}/compare/hex/btc`, `${SITE}/embed/hex/btc`, 260],
    [`${SITE}/compare/hex/btc#target-ladder`, `${SITE}/embed/hex/btc/ladder`, 480],
    [`${SITE}/coins/hex`, `${SITE}/embed/hex`, 200],
    [`${SITE}/embed/hex/btc`, `${SITE}/embed/hex/btc`, 260],
    [`${SITE}/embed/hex/btc/ladder`, `${SITE}/embed/hex/btc/ladder`, 480],
    [`${SITE}/embed/hex`, `${SITE}/embed/hex`, 200],
  ];
  for (const [url, card, height] of cases) {
    const answer = await answerFor(url);
    expect({ url, src: srcOf(answer.html).href, width: answer.width, height: answer.height }).toEqual({ url, src: card, width: 600, height });
    expect(answer).toMatchObject({ provider_name: "PulseCompare", provider_url: SITE, cache_age: 20 });
  }
});

test("the title is the page's own, from the same coins; the thumbnail is the card's PNG", async () => {
  const hex = await db().coin.findUniqueOrThrow({ where: { id: "hex" } });
  const btc = await db().coin.findUniqueOrThrow({ where: { id: "btc" } });
  const pair = await answerFor(`${SITE}/compare/hex/btc?theme=light&date=2026-01-01`);
  const figures = ({ id, symbol, currentPrice, marketCap }: typeof hex) => ({ id, symbol, currentPrice, marketCap });
  expect(pair.title).toBe(pairTitle(computeComparison(figures(hex), figures(btc))));
  expect(pair).toMatchObject({ thumbnail_url: `${SITE}/embed/hex/btc/card.png?theme=light`, thumbnail_width: 1200, thumbnail_height: 630 });
  expect(srcOf(pair.html).search).toBe("?theme=light");
  const coin = await answerFor(`${SITE}/coins/hex`);
  expect(coin.title).toBe(`${hex.name} (${hex.symbol}): price, market cap and all-time high`);
  expect((await answerFor(`${SITE}/compare/hex/btc#target-ladder`)).thumbnail_url).toBe(`${SITE}/embed/hex/btc/ladder/card.png`);
});

test("a near miss (upper-case id) frames the canonical card, as the page redirects to it", async () => {
  expect(srcOf((await answerFor(`${SITE}/compare/HEX/Btc`)).html).href).toBe(`${SITE}/embed/hex/btc`);
  expect(srcOf((await answerFor(`${SITE}/coins/HEX`)).html).href).toBe(`${SITE}/embed/hex`);
});

test("a foreign, malformed or unknown address is 404 JSON in the API's error shape, never cached", async () => {
  for (const url of [
    "https://evil.example/compare/hex/btc",
    `http://pulsecompare.example/compare/hex/btc`,
    "javascript:alert(1)",
    "/compare/hex/btc",
    "not a url",
    `${SITE}/compare/hex/btc/extra`,
    `${SITE}/coins/no-such-coin`,
    `${SITE}/compare/hex/hex`,
    `${SITE}/get-listed`,
  ]) {
    const res = await ask({ url, format: "json" });
    expect({ url, status: res.status }).toEqual({ url, status: 404 });
    expect(res.body).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    expect(res.headers.get("cache-control")).toBe("no-store");
  }
});

test("format: absent, json or JSON answer JSON; xml (or anything else) is 501 JSON", async () => {
  const url = `${SITE}/coins/hex`;
  for (const format of [undefined, "json", "JSON", ""]) {
    const res = await ask(format === undefined ? { url } : { url, format });
    expect({ format, status: res.status }).toEqual({ format, status: 200 });
  }
  for (const format of ["xml", "yaml"]) {
    const res = await ask({ url, format });
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ error: { code: "unsupported_format", message: `Only format=json is answered, not "${format}".` } });
  }
  // Even for an address with no card: the format is refused first.
  expect((await ask({ url: "https://evil.example/", format: "xml" })).status).toBe(501);
});

test("maxwidth and maxheight are obeyed: narrowed to fit, or 404 when the card cannot fit", async () => {
  const url = `${SITE}/compare/hex/btc`;
  const narrow = await answerFor(url, { maxwidth: "320", maxheight: "300" });
  expect(narrow).toMatchObject({ width: 320, height: 260 });
  expect(narrow.html).toContain('width="320" height="260"');
  // The 1200 px PNG would exceed the limits: no thumbnail rather than one that breaks them.
  expect(narrow.thumbnail_url).toBeUndefined();
  expect(await answerFor(url, { maxwidth: "1200", maxheight: "630" })).toMatchObject({ width: 600, height: 260, thumbnail_width: 1200 });
  for (const limits of [{ maxwidth: "200" }, { maxheight: "100" }] as Record<string, string>[]) {
    const res = await ask({ url, ...limits });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "not_found", message: expect.stringContaining("at least 280 px") } });
  }
});

test("caller mistakes in the query are 400; parameters the spec does not define are ignored", async () => {
  const mistakes: Record<string, string>[] = [
    {},
    { url: "" },
    { url: `${SITE}/coins/hex`, maxwidth: "0" },
    { url: `${SITE}/coins/hex`, maxwidth: "wide" },
    { url: `${SITE}/coins/hex`, maxheight: "1.5" },
    { url: `${SITE}/${"a".repeat(2048)}` },
  ];
  for (const query of mistakes) {
    const res = await ask(query);
    expect({ query, status: res.status }).toEqual({ query, status: 400 });
    expect(res.body).toMatchObject({ error: { code: "invalid_query" } });
  }
  const repeated = await call(oembedRoute.GET, `/api/oembed?url=${encodeURIComponent(`${SITE}/coins/hex`)}&url=${encodeURIComponent(`${SITE}/coins/btc`)}`);
  expect(repeated.status).toBe(400);
  expect((await ask({ url: `${SITE}/coins/hex`, callback: "x", theme: "light" })).status).toBe(200);
});
