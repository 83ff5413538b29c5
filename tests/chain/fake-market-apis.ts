// DexScreener and CoinGecko played by a local HTTP server, for runs in a child process
// (`npm run market:refresh` in the browser tests), where msw cannot reach. Answers have the real
// shapes (see the msw tests of the sources); the figures come from the tables given.
import { createServer, type Server } from "node:http";

export type FakeQuote = { priceUsd: number; change24h: number; marketCap?: number; liquidityUsd?: number };

export type FakeMarketApis = { dexScreenerUrl: string; coinGeckoUrl: string; requests: string[]; stop(): Promise<void> };

export async function startFakeMarketApis(tables: {
  /** By lower-cased PulseChain token address. */
  dexScreener: Record<string, FakeQuote>;
  /** By CoinGecko id. */
  coinGecko: Record<string, FakeQuote>;
}): Promise<FakeMarketApis> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url.pathname + url.search);
    const send = (body: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const dex = url.pathname.match(/^\/tokens\/v1\/pulsechain\/([^/]+)$/);
    if (dex) {
      const pairs = dex[1]!.split(",").flatMap((address) => {
        const quote = tables.dexScreener[address.toLowerCase()];
        if (!quote) return [];
        return [{
          chainId: "pulsechain",
          dexId: "pulsex",
          url: `https://dexscreener.com/pulsechain/${address}`,
          pairAddress: `0x${"3".repeat(40)}`,
          baseToken: { address, name: "Token", symbol: "TKN" },
          quoteToken: { address: "0xA1077a294dDE1B09bB078844df40758a5D0f9a27", name: "Wrapped Pulse", symbol: "WPLS" },
          priceNative: "1",
          priceUsd: String(quote.priceUsd),
          volume: { h24: 1000 },
          priceChange: { h24: quote.change24h },
          liquidity: { usd: quote.liquidityUsd ?? 1_000_000, base: 1, quote: 1 },
          marketCap: quote.marketCap,
        }];
      });
      return send(pairs);
    }
    if (url.pathname === "/api/v3/simple/price") {
      const ids = (url.searchParams.get("ids") ?? "").split(",");
      return send(
        Object.fromEntries(
          ids.flatMap((id) => {
            const quote = tables.coinGecko[id];
            return quote ? [[id, { usd: quote.priceUsd, usd_market_cap: quote.marketCap ?? 0, usd_24h_change: quote.change24h }]] : [];
          }),
        ),
      );
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "not found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return {
    dexScreenerUrl: base,
    coinGeckoUrl: `${base}/api/v3`,
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
