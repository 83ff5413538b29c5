// oEmbed discovery (issue 54) as a consumer finds it: the pair and coin pages' server HTML carries
// `<link rel="alternate" type="application/json+oembed">`, its href is the endpoint with the page's
// absolute address and format=json only, and following it (through the edge, as the world would)
// answers the page's card as `rich` JSON. The pages stay served from the page cache with the link.
import assert from "node:assert/strict";
import { test } from "node:test";
import { oembedAnswerSchema } from "@/lib/embed/oembed-schema";
import { servedFromCache, waitWithinCeiling } from "@/tests/browser/cache-steps";
import { SITE_URL } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

async function get(path: string): Promise<Response> {
  return fetch(`${suite().baseUrl}${path}`, { redirect: "manual" });
}

const decode = (text: string) => text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** Each `<link>` in the head whose type is oEmbed's JSON, as its attributes. */
function discoveryLinks(html: string): Record<string, string>[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link [^>]*>/g)]
    .map(([tag]) => Object.fromEntries([...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, decode(value!)])))
    .filter((attributes) => attributes.type === "application/json+oembed");
}

for (const [page, card, height] of [
  ["/compare/hex/btc", "/embed/hex/btc", 260],
  ["/coins/hex", "/embed/hex", 200],
] as const) {
  test(`${page}: one oEmbed discovery link, and following it answers the page's card`, async () => {
    const res = await get(page);
    assert.equal(res.status, 200);
    const html = await res.text();
    const links = discoveryLinks(html);
    assert.equal(links.length, 1, JSON.stringify(links));
    const link = links[0]!;
    assert.equal(link.rel, "alternate");
    const title = decode(html.match(/<title>([^<]*)<\/title>/)![1]!);
    assert.ok(title.startsWith(link.title!), `${link.title} / ${title}`);
    // The spec's section 4: the full endpoint, the page's URL and the format, nothing else.
    const href = new URL(link.href!);
    assert.equal(`${href.origin}${href.pathname}`, `${SITE_URL}/api/oembed`);
    assert.deepEqual([...href.searchParams.entries()], [["url", `${SITE_URL}${page}`], ["format", "json"]]);

    const answered = await get(`${href.pathname}${href.search}`);
    assert.equal(answered.status, 200);
    assert.match(answered.headers.get("content-type") ?? "", /^application\/json/);
    const answer = oembedAnswerSchema.parse(await answered.json());
    assert.equal(answer.title, link.title);
    assert.equal(answer.width, 600);
    assert.equal(answer.height, height);
    assert.match(answer.html, new RegExp(`^<iframe src="${SITE_URL}${card}" width="600" height="${height}" style="border:0;max-width:100%" loading="lazy" title="[^"]*"></iframe>$`));
    assert.equal(answer.provider_url, SITE_URL);
  });
}

test("the pages keep being served from the page cache with the link in their head", async () => {
  for (const page of ["/compare/hex/btc", "/coins/hex"]) {
    await waitWithinCeiling(`${page} from the cache`, async () => {
      const res = await get(page);
      const cached = servedFromCache(res.headers);
      return cached && discoveryLinks(await res.text()).length === 1;
    });
  }
});

test("through the edge: a foreign URL is 404 JSON, format=xml 501 JSON", async () => {
  const foreign = await get(`/api/oembed?url=${encodeURIComponent("https://evil.example/compare/hex/btc")}&format=json`);
  assert.equal(foreign.status, 404);
  assert.equal(((await foreign.json()) as { error: { code: string } }).error.code, "not_found");
  const xml = await get(`/api/oembed?url=${encodeURIComponent(`${SITE_URL}/coins/hex`)}&format=xml`);
  assert.equal(xml.status, 501);
  assert.equal(((await xml.json()) as { error: { code: string } }).error.code, "unsupported_format");
});
