// /llms.txt (issue 55; the llms.txt proposal, llmstxt.org): what the site is, its pages and its
// open API, for a language model reading it on someone's behalf. The API's list is the contract's
// open reads (lib/api/cors.ts), so the file never names an endpoint that is not there. Pure: the
// caller brings the site's origin.
import { embedPath, cardImagePath } from "@/lib/embed/embed-path";
import { OEMBED_PATH } from "@/lib/embed/oembed";
import { endpoints } from "./contract";
import { isOpenRead } from "./cors";

export function llmsTxt(siteUrl: string): string {
  const openReads = Object.values(endpoints).filter(isOpenRead);
  const api = openReads.map((endpoint) => `- \`GET ${endpoint.path.replace(/:(\w+)/g, "{$1}")}\`: ${endpoint.summary}`);
  return [
    "# PulseCompare",
    "",
    "> PulseCompare compares PulseChain coins (PLS, PLSX, HEX and every listed token) by market cap: the price coin A would have at coin B's market cap, and the multiplier. PulseChain tokens are priced on-chain from PulseX pools, other coins from market data, each price with its provenance on the coin's page.",
    "",
    "The answer to \"what would A cost at B's market cap\" is on a pair page, and the same figures come from the API as JSON. Figures are in US dollars unless a field says PLS.",
    "",
    "## Pages",
    "",
    `- [A at B's market cap](${siteUrl}/compare/plsx/hex): \`/compare/{coin1}/{coin2}\` by coin ids; \`?target=ath\` at B's all-time high, \`?mcap=100b\` at a typed market cap, \`?hold=1.5m\` an amount held`,
    `- [A coin](${siteUrl}/coins/hex): \`/coins/{coin}\`: price, market cap, supply bases, all-time highs, where the price comes from`,
    `- [Home](${siteUrl}/): featured comparisons, recently listed, most compared, top gainers and meme coins`,
    `- [Playground](${siteUrl}/playground): many comparisons side by side`,
    `- [Get listed](${siteUrl}/get-listed): listing and promotion prices`,
    "",
    "## API",
    "",
    `JSON over HTTPS, no key needed, callable from any origin (CORS). OpenAPI 3.1: ${siteUrl}/api/openapi.json. Errors are \`{ "error": { "code", "message" } }\`.`,
    "",
    `For more than the anonymous quota per IP, a signed-in wallet creates a key on [Developers](${siteUrl}/developers) and sends it as \`Authorization: Bearer pcmp_…\`; a key that is not live is a 401.`,
    "",
    ...api,
    "",
    `- MCP server (Model Context Protocol, Streamable HTTP; no key needed, the same quota and keys as the API): \`POST ${siteUrl}${endpoints.mcp.path}\`, tools search_coins, get_coin, compare, what_it_would_take, ladder and history, each answering the figures above with the page to show`,
    "",
    "## Embedding",
    "",
    `- A comparison as a card for an iframe: ${siteUrl}${embedPath({ kind: "pair", coin1: "plsx", coin2: "hex" })}, as an image: ${siteUrl}${cardImagePath({ kind: "pair", coin1: "plsx", coin2: "hex" })}`,
    `- oEmbed: ${siteUrl}${OEMBED_PATH}?url={a pair or coin page's URL}&format=json`,
    "",
  ].join("\n");
}
