// CoinGecko's market_chart and GeckoTerminal's pools and OHLCV, in the shapes of the examples in
// their documentation (docs.coingecko.com "Coin Historical Chart Data by ID" and "Pool OHLCV chart
// by Pool Address", GeckoTerminal's "Top Pools by Token Address"), with the figures a test gives.
// One router answers for msw (tests in this process) and for a local HTTP server (the CLI in a
// child process, which msw cannot reach).
import { createServer, type Server } from "node:http";

export const DAY_MS = 86_400_000;
export const utcDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** One CoinGecko daily point: a day (or any instant) in ms, its price, and its market cap (0 when unknown, as CoinGecko sends it). */
export type ChartPoint = { at: number; price: number; marketCap: number };

export function marketChartBody(points: readonly ChartPoint[]) {
  return {
    prices: points.map((point) => [point.at, point.price]),
    market_caps: points.map((point) => [point.at, point.marketCap]),
    // Present in every answer; the backfill does not use it.
    total_volumes: points.map((point) => [point.at, point.price * 1_234.5]),
  };
}

/** One GeckoTerminal day candle: the day's start in ms and its close (open/high/low derived). */
export type Candle = { day: number; close: number };

export function ohlcvBody(candles: readonly Candle[], sides: { base: string; quote: string }) {
  const newestFirst = [...candles].sort((a, b) => b.day - a.day);
  return {
    data: {
      id: "bc786a99-7205-4c80-aaa1-b9634d97c926",
      type: "ohlcv_request_response",
      attributes: {
        ohlcv_list: newestFirst.map((candle) => [candle.day / 1000, candle.close * 0.98, candle.close * 1.05, candle.close * 0.95, candle.close, 306823.277031161]),
      },
    },
    meta: {
      base: { address: sides.base.toLowerCase(), name: "HEX", symbol: "HEX", coingecko_coin_id: "hex" },
      quote: { address: sides.quote.toLowerCase(), name: "Wrapped Pulse", symbol: "WPLS", coingecko_coin_id: "wrapped-pulse-wpls" },
    },
  };
}

export function tokenPoolsBody(token: string, pools: ReadonlyArray<{ address: string; reserveUsd: string }>) {
  return {
    data: pools.map((pool) => ({
      id: `pulsechain_${pool.address}`,
      type: "pool",
      attributes: {
        base_token_price_usd: "0.00512345678901234",
        base_token_price_native_currency: "161.234567890123",
        quote_token_price_usd: "0.0000317654321098765",
        address: pool.address,
        name: "HEX / WPLS",
        pool_created_at: "2023-05-13T02:12:35Z",
        fdv_usd: "9876543210.12",
        market_cap_usd: null,
        price_change_percentage: { h1: "0.12", h24: "-3.45" },
        transactions: { h24: { buys: 412, sells: 398, buyers: 120, sellers: 131 } },
        volume_usd: { h24: "123456.789" },
        reserve_in_usd: pool.reserveUsd,
      },
      relationships: {
        base_token: { data: { id: `pulsechain_${token}`, type: "token" } },
        quote_token: { data: { id: "pulsechain_0xa1077a294dde1b09bb078844df40758a5d0f9a27", type: "token" } },
        dex: { data: { id: "pulsex-v2", type: "dex" } },
      },
    })),
  };
}

export type Answer = { status: number; body: string; headers?: Record<string, string> };
export const json = (body: unknown): Answer => ({ status: 200, body: JSON.stringify(body) });

/** What the fake APIs know; a function entry answers by itself (429s, truncated bodies). */
export type HistoryTables = {
  /** By CoinGecko id. */
  marketCharts: Record<string, readonly ChartPoint[] | (() => Answer)>;
  /** By lower-case token address. */
  tokenPools: Record<string, ReadonlyArray<{ address: string; reserveUsd: string }> | (() => Answer)>;
  /** By lower-case pool address; `spanDays` cuts each answer to that many days, as some plans do. */
  ohlcv: Record<string, { base: string; quote: string; candles: readonly Candle[]; spanDays?: number } | (() => Answer)>;
};

/**
 * The answer to one request, like the real APIs: CoinGecko's `days` keeps the last N days,
 * GeckoTerminal's `before_timestamp` keeps candles strictly before it; unknown ids are 404.
 * `coinGeckoPrefix` is the path of the CoinGecko base URL ("/api/v3").
 */
export function answerHistoryRequest(url: URL, tables: HistoryTables, now: number, prefixes: { coinGecko: string; geckoTerminal: string }): Answer {
  const notFound: Answer = { status: 404, body: JSON.stringify({ error: "coin not found" }) };
  const path = url.pathname;
  const chart = path.startsWith(prefixes.coinGecko) && path.slice(prefixes.coinGecko.length).match(/^\/coins\/([^/]+)\/market_chart$/);
  if (chart) {
    const entry = tables.marketCharts[decodeURIComponent(chart[1]!)];
    if (!entry) return notFound;
    if (typeof entry === "function") return entry();
    const days = Number(url.searchParams.get("days"));
    return json(marketChartBody(entry.filter((point) => point.at >= now - days * DAY_MS)));
  }
  const rest = path.startsWith(prefixes.geckoTerminal) ? path.slice(prefixes.geckoTerminal.length) : "";
  const pools = rest.match(/^\/networks\/pulsechain\/tokens\/([^/]+)\/pools$/);
  if (pools) {
    const token = pools[1]!.toLowerCase();
    const entry = tables.tokenPools[token];
    if (typeof entry === "function") return entry();
    return json(tokenPoolsBody(token, entry ?? []));
  }
  const ohlcv = rest.match(/^\/networks\/pulsechain\/pools\/([^/]+)\/ohlcv\/day$/);
  if (ohlcv) {
    const entry = tables.ohlcv[ohlcv[1]!.toLowerCase()];
    if (!entry) return { status: 404, body: JSON.stringify({ errors: [{ status: "404", title: "Not Found" }] }) };
    if (typeof entry === "function") return entry();
    const before = url.searchParams.get("before_timestamp");
    const limit = Number(url.searchParams.get("limit") ?? 100);
    const end = before === null ? now : Number(before) * 1000;
    const start = entry.spanDays === undefined ? -Infinity : end - entry.spanDays * DAY_MS;
    const kept = entry.candles.filter((candle) => candle.day < end && candle.day >= start).sort((a, b) => b.day - a.day).slice(0, limit);
    return json(ohlcvBody(kept, entry));
  }
  return { status: 404, body: JSON.stringify({ error: "not found" }) };
}

export type FakeHistoryApis = { coinGeckoUrl: string; geckoTerminalUrl: string; requests: string[]; stop(): Promise<void> };

/** The same APIs as a local HTTP server, for a child process. */
export async function startFakeHistoryApis(tables: HistoryTables, now: number): Promise<FakeHistoryApis> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url.pathname + url.search);
    const answer = answerHistoryRequest(url, tables, now, { coinGecko: "/api/v3", geckoTerminal: "/gt/api/v2" });
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return {
    coinGeckoUrl: `${base}/api/v3`,
    geckoTerminalUrl: `${base}/gt/api/v2`,
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
