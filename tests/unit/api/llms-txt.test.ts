// /llms.txt's text (lib/api/llms-txt.ts): the llms.txt proposal's shape (a title, a summary, then
// sections of links), absolute links on the site's origin, and exactly the contract's open reads.
import { endpoints } from "@/lib/api/contract";
import { isOpenRead } from "@/lib/api/cors";
import { llmsTxt } from "@/lib/api/llms-txt";

const SITE = "https://pulsecompare.example";
const text = llmsTxt(SITE);

test("a title, a one-paragraph summary, then the pages, the API and embedding", () => {
  const lines = text.split("\n");
  expect(lines[0]).toBe("# PulseCompare");
  expect(lines[2]).toMatch(/^> PulseCompare compares PulseChain coins .* by market cap/);
  expect(lines.filter((line) => line.startsWith("## "))).toEqual(["## Pages", "## API", "## Embedding"]);
  expect(text).toContain(`OpenAPI 3.1: ${SITE}/api/openapi.json`);
});

test("every link is absolute on the site's origin", () => {
  const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]!);
  expect(links.length).toBeGreaterThan(4);
  for (const link of links) expect(link.startsWith(`${SITE}/`)).toBe(true);
});

test("the API section is every open read and nothing else: no user data, no session", () => {
  const listed = [...text.matchAll(/^- `GET ([^`]+)`/gm)].map((match) => match[1]!);
  const open = Object.values(endpoints).filter(isOpenRead).map((endpoint) => endpoint.path.replace(/:(\w+)/g, "{$1}"));
  expect(listed).toEqual(open);
  expect(listed).toContain("/api/pairs/{coin1}/{coin2}");
  for (const personal of ["/api/watchlist", "/api/auth/user", "/api/alerts"]) expect(listed).not.toContain(personal);
});

test("the MCP server is named with its address and tools", () => {
  expect(text).toContain(`\`POST ${SITE}/api/mcp\``);
  expect(text).toMatch(/tools search_coins, get_coin, compare, what_it_would_take, ladder and history/);
});
