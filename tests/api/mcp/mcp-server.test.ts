// The MCP server at /api/mcp (issue 55), driven by the official SDK's own client over real HTTP on
// loopback: initialize, the six tools listed, each tool called with good input (its figures equal the
// API route's answer for the same input, through the real route handlers, on the seed) and bad input
// (a tool error with the API's message naming the field, never a 500). The on-chain figures are in
// mcp-on-chain.test.ts.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as coinListRoute from "@/app/api/cryptocurrencies/route";
import * as coinRoute from "@/app/api/cryptocurrencies/[id]/route";
import * as historyRoute from "@/app/api/cryptocurrencies/[id]/history/route";
import * as mcpRoute from "@/app/api/mcp/route";
import * as pairRoute from "@/app/api/pairs/[coin1]/[coin2]/route";
import { MCP_MAX_TOOL_CALLS } from "@/lib/api/mcp-body";
import { computeTypedCapComparison } from "@/lib/compare/comparison";
import { capOnDay } from "@/lib/compare/on-date";
import type { PairAnswer } from "@/lib/compare/pair-answer-schema";
import { getSiteUrl } from "@/lib/config/site";
import type { HistoryPoint } from "@/lib/history/schemas";
import { dayKey } from "@/lib/shared/utc-day";
import { call } from "@/tests/helpers/request";
import { useRouteServer } from "@/tests/helpers/route-server";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(30_000);

useTestDatabase({ seed: true });
const mcp = useRouteServer("/api/mcp", mcpRoute);

const TOOL_NAMES = ["search_coins", "get_coin", "compare", "what_it_would_take", "ladder", "history"];

let client: Client;

beforeAll(async () => {
  client = new Client({ name: "pulsecompare-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
});

afterAll(async () => {
  await client?.close();
});

afterEach(() => {
  // Whatever a test sent, no answer was a 500.
  expect(mcp.requests.filter((request) => request.status >= 500)).toEqual([]);
});

const callTool = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

/** A tool's figures: its structured content without the page's URL, which it also checks is on the site. */
async function figures(name: string, args: Record<string, unknown>): Promise<{ figures: Record<string, unknown>; url: string; text: string }> {
  const result = await callTool(name, args);
  expect(result.isError).toBeFalsy();
  const { url, ...rest } = result.structuredContent as Record<string, unknown> & { url: string };
  expect(url.startsWith(`${getSiteUrl()}/`)).toBe(true);
  const [sentence, json] = result.content as { type: "text"; text: string }[];
  // For clients that read only text: a sentence ending with the page, then the figures' JSON.
  expect(sentence!.text.endsWith(`\n${url}`)).toBe(true);
  expect(JSON.parse(json!.text)).toEqual(result.structuredContent);
  return { figures: rest, url, text: sentence!.text };
}

/** A tool error's message (and that it is one). */
async function toolError(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await callTool(name, args);
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return (result.content as { type: "text"; text: string }[])[0]!.text;
}

const apiPair = async (coin1: string, coin2: string, query = "") => {
  const res = await call(pairRoute.GET, `/api/pairs/${coin1}/${coin2}${query}`, { params: { coin1, coin2 } });
  expect(res.status).toBe(200);
  return res.body as PairAnswer;
};
const apiCoin = async (id: string) => (await call(coinRoute.GET, `/api/cryptocurrencies/${id}`, { params: { id } })).body;
const apiHistory = async (id: string, range: string) => {
  const res = await call(historyRoute.GET, `/api/cryptocurrencies/${id}/history?range=${range}`, { params: { id } });
  expect(res.status).toBe(200);
  return res.body as HistoryPoint[];
};

describe("the protocol", () => {
  test("initialize: the server names itself, says what it is for, and offers tools", () => {
    expect(client.getServerVersion()).toMatchObject({ name: "pulsecompare", title: "PulseCompare" });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toMatch(/market cap/);
  });

  test("tools/list: the six tools, each read-only with an input and an output schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((each) => each.name)).toEqual(TOOL_NAMES);
    for (const each of tools) {
      expect(each.description!.length).toBeGreaterThan(50);
      expect(each.inputSchema.type).toBe("object");
      expect(each.outputSchema?.type).toBe("object");
      expect(each.outputSchema?.required).toContain("url");
      expect(each.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    }
    const compare = tools.find((each) => each.name === "compare")!;
    expect(compare.inputSchema.required).toEqual(["coin1", "coin2"]);
    expect(Object.keys(compare.inputSchema.properties!)).toEqual(["coin1", "coin2", "supply1", "supply2", "target", "mcap", "on", "hold"]);
  });

  test("POST answers are JSON, never cached, and set no cookie; GET and DELETE are 405 (stateless: no stream, no session)", async () => {
    const res = await fetch(mcp.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("mcp-session-id")).toBeNull();
    expect(((await res.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(6);
    for (const method of ["GET", "DELETE"]) {
      const refused = await fetch(mcp.url, { method, headers: { accept: "text/event-stream" } });
      expect(refused.status).toBe(405);
      expect(refused.headers.get("allow")).toBe("POST");
    }
  });

  test("the work per request is bounded: a batch of too many tool calls, an oversized or non-JSON body are 4xx before any tool runs", async () => {
    const post = (body: string, contentType = "application/json") =>
      fetch(mcp.url, { method: "POST", headers: { "content-type": contentType, accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" }, body });
    const toolCall = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "get_coin", arguments: { id: "hex" } } });
    const batch = await post(JSON.stringify(Array.from({ length: MCP_MAX_TOOL_CALLS + 1 }, (_, i) => toolCall(i))));
    expect(batch.status).toBe(400);
    expect(await batch.json()).toEqual({ error: { code: "bad_request", message: `A request may call at most ${MCP_MAX_TOOL_CALLS} tools; send the rest in further requests.` } });
    // Within the cap, a batch is answered whole.
    const allowed = await post(JSON.stringify(Array.from({ length: MCP_MAX_TOOL_CALLS }, (_, i) => toolCall(i))));
    expect(allowed.status).toBe(200);
    expect((await allowed.json()) as unknown[]).toHaveLength(MCP_MAX_TOOL_CALLS);
    expect((await post(JSON.stringify({ ...toolCall(1), padding: "x".repeat(20_000) }))).status).toBe(413);
    expect((await post("not json")).status).toBe(400);
    expect((await post(JSON.stringify(toolCall(1)), "text/plain")).status).toBe(415);
    const notJsonRpc = await post(JSON.stringify({ id: 1, method: "tools/list" }));
    expect(notJsonRpc.status).toBe(400);
    expect(((await notJsonRpc.json()) as { error: { message: string } }).error.message).toMatch(/JSON-RPC 2\.0/);
  });
});

describe("the tools' figures are the API's", () => {
  test("search_coins: the coin pickers' matches by rank, each coin as GET /api/cryptocurrencies?ids= gives it", async () => {
    const { figures: found, text } = await figures("search_coins", { query: "HEX", limit: 3 });
    const coins = found.coins as { id: string; url: string }[];
    expect(coins[0]!.id).toBe("hex");
    expect(coins.length).toBeLessThanOrEqual(3);
    expect(found.total).toBeGreaterThanOrEqual(coins.length);
    const ids = coins.map((coin) => coin.id);
    const api = (await call(coinListRoute.GET, `/api/cryptocurrencies?ids=${ids.join(",")}`)).body as { id: string }[];
    for (const { url, ...coin } of coins) {
      expect(coin).toEqual(api.find((each) => each.id === coin.id));
      expect(url).toBe(`${getSiteUrl()}/coins/${coin.id}`);
    }
    expect(text).toContain('id "hex"');
    const none = await figures("search_coins", { query: "no coin is called this" });
    expect(none.figures).toEqual({ query: "no coin is called this", total: 0, coins: [] });
  });

  test("get_coin: GET /api/cryptocurrencies/{id}, field by field, and the coin's page", async () => {
    const { figures: coin, url, text } = await figures("get_coin", { id: "hex" });
    expect(coin).toEqual(await apiCoin("hex"));
    expect(url).toBe(`${getSiteUrl()}/coins/hex`);
    expect(text).toMatch(/^HEX \(HEX\), rank \d+: \$/);
  });

  test("compare: GET /api/pairs/{coin1}/{coin2}'s figures exactly, today's target chosen, and the pair page", async () => {
    const { figures: answer, url } = await figures("compare", { coin1: "plsx", coin2: "hex" });
    const { chosen, holding, ...pair } = answer as PairAnswer & { chosen: Record<string, unknown>; holding: unknown };
    const api = await apiPair("plsx", "hex");
    expect(pair).toEqual(api);
    expect(chosen).toEqual({ target: "today", day: null, sample: false, answer: api.today, failure: null });
    expect(holding).toBeNull();
    expect(url).toBe(`${getSiteUrl()}/compare/plsx/hex`);
  });

  test("compare at B's high, with an amount held: the API's ath figures, and the amount's worth at both", async () => {
    const { figures: answer, url, text } = await figures("compare", { coin1: "hex", coin2: "btc", target: "ath", hold: "1.5m" });
    const api = await apiPair("hex", "btc");
    const { at: _at, estimated: _estimated, ...ath } = api.ath!;
    expect(answer.chosen).toEqual({ target: "ath", day: null, sample: false, answer: ath, failure: null });
    expect(answer.holding).toEqual({ amount: 1_500_000, worthToday: 1_500_000 * api.coin1.currentPrice, worthAtTarget: 1_500_000 * api.ath!.projectedPrice });
    expect(url).toBe(`${getSiteUrl()}/compare/hex/btc?target=ath&hold=1500000`);
    expect(text).toContain("all-time-high market cap");
  });

  test("compare at a typed market cap: the pair page's typed view (comparison.ts), on the asked supply basis", async () => {
    const { figures: answer, url } = await figures("compare", { coin1: "hex", coin2: "btc", mcap: "$2.5T", hold: 1000 });
    const api = await apiPair("hex", "btc");
    const typed = computeTypedCapComparison(api.coin1, 2.5e12);
    expect(typed.comparable).toBe(true);
    expect(answer.chosen).toEqual({ target: "cap", day: null, sample: false, failure: null, answer: { targetMarketCap: 2.5e12, multiplier: typed.comparable && typed.multiplier, projectedPrice: typed.comparable && typed.projectedPrice, wouldTake: null } });
    expect(url).toBe(`${getSiteUrl()}/compare/hex/btc?mcap=2500000000000&hold=1000`);
  });

  test("compare on a day: B's market cap that day from its stored history (the API's range=all), marked sample on the seed", async () => {
    const history = await apiHistory("btc", "all");
    const day = dayKey(history[Math.floor(history.length / 2)]!.t);
    const found = capOnDay(history, day);
    expect(found.kind).toBe("found");
    const { figures: answer, url } = await figures("compare", { coin1: "hex", coin2: "btc", on: day });
    const api = await apiPair("hex", "btc");
    const typed = computeTypedCapComparison(api.coin1, found.kind === "found" ? found.marketCap : 0);
    expect(answer.chosen).toEqual({
      target: "date",
      day,
      sample: true,
      failure: null,
      answer: { targetMarketCap: found.kind === "found" && found.marketCap, multiplier: typed.comparable && typed.multiplier, projectedPrice: typed.comparable && typed.projectedPrice, wouldTake: null },
    });
    expect(url).toBe(`${getSiteUrl()}/compare/hex/btc?on=${day}`);
    // A day outside the history: no figures, the date view's words (not an error: the pair's figures stand).
    const before = await figures("compare", { coin1: "hex", coin2: "btc", on: "2001-01-01" });
    expect(before.figures.chosen).toMatchObject({ target: "date", answer: null, failure: expect.stringMatching(/^BTC's stored history runs from .* pick a day in between\.$/) });
    expect(before.figures.today).toEqual(api.today);
  });

  test("what_it_would_take: the pair answer's wouldTake at the same price (none on the seed: no pools), and the coin's depth", async () => {
    const api = await apiPair("plsx", "hex");
    const { figures: answer, url, text } = await figures("what_it_would_take", { id: "plsx", price: api.today!.projectedPrice });
    expect(answer).toEqual({
      coin: { id: "plsx", symbol: api.coin1.symbol, currentPrice: api.coin1.currentPrice, marketCap: api.coin1.marketCap },
      target: { price: api.today!.projectedPrice, marketCap: expect.closeTo(api.supply.coin2.marketCap, 0), multiplier: expect.closeTo(api.today!.multiplier, 9) },
      wouldTake: api.today!.wouldTake,
      depth: (await apiCoin("plsx") as { depth: unknown }).depth,
      explanation: null,
    });
    expect(url).toBe(`${getSiteUrl()}/coins/plsx`);
    expect(text).toMatch(/not priced from PulseX pools/);
    const byCap = await figures("what_it_would_take", { id: "plsx", mcap: "1b" });
    expect(byCap.figures.target).toEqual({ price: expect.closeTo(api.coin1.currentPrice * (1e9 / api.coin1.marketCap), 12), marketCap: 1e9, multiplier: 1e9 / api.coin1.marketCap });
    expect(byCap.url).toBe(`${getSiteUrl()}/coins/plsx?mcap=1000000000`);
  });

  test("ladder: the API's ladder, supply and failure, and the pair page's ladder section", async () => {
    const { figures: answer, url } = await figures("ladder", { coin1: "plsx", coin2: "hex" });
    const api = await apiPair("plsx", "hex");
    expect(answer).toEqual({
      coin1: { id: "plsx", symbol: api.coin1.symbol, name: api.coin1.name },
      coin2: { id: "hex", symbol: api.coin2.symbol, name: api.coin2.name },
      supply: api.supply,
      ladder: api.ladder,
      failure: null,
    });
    expect(url).toBe(`${getSiteUrl()}/compare/plsx/hex#target-ladder`);
  });

  test("history: GET /api/cryptocurrencies/{id}/history's points for the range, with its market-cap summary", async () => {
    for (const range of ["30d", "all"]) {
      const { figures: answer, url, text } = await figures("history", { id: "hex", range });
      const api = await apiHistory("hex", range);
      expect(answer.points).toEqual(api);
      expect(answer.summary).toMatchObject({ first: { t: api[0]!.t, value: api[0]!.marketCap }, last: { t: api.at(-1)!.t, value: api.at(-1)!.marketCap } });
      expect(url).toBe(`${getSiteUrl()}/coins/hex`);
      expect(text).toMatch(/Some points are sample data/);
    }
  });
});

describe("bad input is a tool error with the API's message, naming the field", () => {
  test("an unknown coin: the API's 404 message", async () => {
    const api = await call(coinRoute.GET, "/api/cryptocurrencies/no-such-coin", { params: { id: "no-such-coin" } });
    expect(api.status).toBe(404);
    expect(await toolError("get_coin", { id: "no-such-coin" })).toBe((api.body as { error: { message: string } }).error.message);
    expect(await toolError("compare", { coin1: "hex", coin2: "no-such-coin" })).toBe('No coin with id "no-such-coin".');
    expect(await toolError("history", { id: "no-such-coin", range: "7d" })).toBe('No coin with id "no-such-coin".');
    expect(await toolError("what_it_would_take", { id: "no-such-coin", price: 1 })).toBe('No coin with id "no-such-coin".');
  });

  test("a malformed id, a bad number, a bad day, a bad range or basis: the field and what is wrong", async () => {
    expect(await toolError("get_coin", { id: "HEX!" })).toBe("id: A coin id is 1 to 64 lowercase letters, digits or hyphens.");
    expect(await toolError("compare", { coin1: "hex", coin2: "btc", mcap: "lots" })).toBe("mcap: Enter a market cap like 100b or 2.5t.");
    expect(await toolError("compare", { coin1: "hex", coin2: "btc", hold: -5 })).toMatch(/^hold: Enter an amount above 0/);
    expect(await toolError("compare", { coin1: "hex", coin2: "btc", on: "2026-02-30" })).toBe("on: Give a day of the calendar as YYYY-MM-DD (UTC).");
    expect(await toolError("compare", { coin1: "hex", coin2: "btc", supply1: "burned" })).toBe("supply1: A supply basis is circulating, total or staked.");
    expect(await toolError("history", { id: "hex", range: "2d" })).toBe("range: range must be one of 1d, 7d, 30d, 1y, all.");
    expect(await toolError("what_it_would_take", { id: "hex", price: "cheap" })).toMatch(/^price: Enter a price like/);
    expect(await toolError("what_it_would_take", { id: "hex", price: 1, mcap: "1b" })).toBe("price: Give one target: a price or a market cap (mcap), not both.");
    expect(await toolError("search_coins", { query: "hex", limit: 500 })).toMatch(/^limit: /);
  });

  test("a missing field, an unknown field, the same coin twice (the API's 400), an unknown tool", async () => {
    expect(await toolError("compare", { coin1: "hex" })).toMatch(/^coin2: /);
    expect(await toolError("history", { id: "hex" })).toMatch(/^range: /);
    expect(await toolError("get_coin", { id: "hex", currency: "eur" })).toMatch(/Unrecognized key.*currency/);
    const same = await call(pairRoute.GET, "/api/pairs/hex/hex", { params: { coin1: "hex", coin2: "hex" } });
    expect(await toolError("compare", { coin1: "hex", coin2: "hex" })).toBe((same.body as { error: { message: string } }).error.message);
    // A basis the coin has no reading for: the API's 400 message.
    const notRead = await call(pairRoute.GET, "/api/pairs/hex/btc?supply1=staked", { params: { coin1: "hex", coin2: "btc" } });
    expect(notRead.status).toBe(400);
    expect(await toolError("ladder", { coin1: "hex", coin2: "btc", supply1: "staked" })).toBe((notRead.body as { error: { message: string } }).error.message);
    expect(await toolError("price_of", { id: "hex" })).toBe('No tool named "price_of": the tools are search_coins, get_coin, compare, what_it_would_take, ladder, history.');
  });
});
