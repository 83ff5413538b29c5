// The bag page's world for the browser tests: a local chain (ganache) with a token deployed for
// every listed PulseChain coin, balances sent to the scripted wallets with real transactions, the
// app's coin rows pointed at those tokens with prices chosen for hand-worked figures, and the
// browser's PulseChain RPC (the build's default, https://rpc.pulsechain.com) routed to the chain.
import type { BrowserContext } from "playwright-core";
import type { Address } from "viem";
import { createPrismaClient } from "@/lib/db/create-client";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { operatorEdit } from "@/tests/browser/cache-steps";
import { PUBLIC_RPC, alice, bob } from "@/tests/browser/wallet-steps";

/** Prices and caps set for the test (USD); `ath: null` is a coin without a high on record. */
export const BAG_COINS = {
  pls: { price: 0.00003, marketCap: 4.2e9, ath: 1.2e10 },
  hex: { price: 0.005, marketCap: 3e9, ath: 6e10 },
  pdai: { price: 0.002, marketCap: 2e7, ath: 4e7 },
  "9mm": { price: 2.5, marketCap: 5e6, ath: null },
  pcock: { price: 0.0001, marketCap: 6e9, ath: null },
  btc: { price: 75_000, marketCap: 1.5e12, ath: 2e12 },
} as const;

export type RpcCall = { method: string; params: unknown[] };

export type BagWorld = {
  chain: LocalChain;
  tokens: Record<string, Address>;
  /** Every JSON-RPC request the browser sent to the PulseChain RPC, in order (the wallet kit's too). */
  rpcCalls: RpcCall[];
  /** While set, the RPC answers HTTP 503 (a node that is down). */
  rpcDown: { value: boolean };
  /** Each RPC answer waits this long (a slow node), so the reading state can be seen. */
  rpcDelayMs: { value: number };
  routeRpc(context: BrowserContext): Promise<void>;
  stop(): Promise<void>;
};

export async function startBagWorld(baseUrl: string, databaseUrl: string): Promise<BagWorld> {
  const db = createPrismaClient({ url: databaseUrl });
  const saved = await db.coin.findMany();
  const chain = await startLocalChain();
  const tokens: Record<string, Address> = {};
  try {
    const pulsechain = saved.filter((coin) => coin.chain === "pulsechain" && coin.id !== "pls");
    // Every listed token has a contract, as on PulseChain; the wallets hold a few of them.
    const decimals: Record<string, number> = { hex: 8, pdai: 6, "9mm": 0 };
    for (const coin of pulsechain) {
      tokens[coin.id] = coin.id === "most" ? await chain.deployRevertingToken() : await chain.deployToken(coin.name, coin.symbol, decimals[coin.id] ?? 18, "1000000000000");
    }
    await chain.transfer(tokens.hex!, alice.address, "200000");
    await chain.transfer(tokens.pdai!, alice.address, "1500000.5");
    await chain.transfer(tokens["9mm"]!, alice.address, "7");
    await chain.transfer(tokens.pcock!, alice.address, "5");
    await chain.sendPls(alice.address, "1000000");
    await chain.transfer(tokens.hex!, bob.address, "50000");

    for (const coin of pulsechain) {
      // pDAI's decimals stay unrecorded: the page reads them from the chain for a held token.
      const recorded = coin.id === "pdai" ? null : (decimals[coin.id] ?? 18);
      await db.coin.update({ where: { id: coin.id }, data: { contractAddress: tokens[coin.id]!, decimals: recorded } });
    }
    for (const [id, figures] of Object.entries(BAG_COINS)) {
      await db.coin.update({ where: { id }, data: { currentPrice: figures.price, marketCap: figures.marketCap, athMarketCap: figures.ath } });
    }
    await tellTheApp(baseUrl, saved);
  } catch (error) {
    await chain.stop();
    await db.$disconnect();
    throw error;
  }

  const rpcCalls: RpcCall[] = [];
  const rpcDown = { value: false };
  const rpcDelayMs = { value: 0 };
  return {
    chain,
    tokens,
    rpcCalls,
    rpcDown,
    rpcDelayMs,
    async routeRpc(context) {
      // Registered after newContext's catch-all abort, so it wins for the RPC's origin.
      await context.route(
        (url) => url.origin === PUBLIC_RPC,
        async (route) => {
          const request = route.request();
          if (request.method() === "POST") rpcCalls.push(...rpcMethods(request.postData()));
          if (rpcDelayMs.value) await new Promise((resolve) => setTimeout(resolve, rpcDelayMs.value));
          if (rpcDown.value) return route.fulfill({ status: 503, body: "node down", headers: { "access-control-allow-origin": "*" } });
          const response = await route.fetch({ url: chain.rpcUrl });
          return route.fulfill({ response, headers: { ...response.headers(), "access-control-allow-origin": "*" } });
        },
      );
    },
    async stop() {
      for (const { id, ...fields } of saved) await db.coin.update({ where: { id }, data: fields });
      await tellTheApp(baseUrl, saved);
      await chain.stop();
      await db.$disconnect();
    },
  };
}

/** An operator's edit (HEX's tags, unchanged) tells the server its coins changed: its caches drop them. */
export async function tellTheApp(baseUrl: string, saved: { id: string; tags: string }[]): Promise<void> {
  const hexTags = saved.find((coin) => coin.id === "hex")!.tags;
  const res = await operatorEdit(baseUrl, "hex", { tags: hexTags ? hexTags.split(",") : [] });
  if (res.status !== 200) throw new Error(`operator edit: HTTP ${res.status}`);
}

function rpcMethods(body: string | null): RpcCall[] {
  if (!body) return [];
  const parsed = JSON.parse(body) as RpcCall | RpcCall[];
  return (Array.isArray(parsed) ? parsed : [parsed]).map(({ method, params }) => ({ method, params: params ?? [] }));
}

export type MoreBagTokens = {
  /** The symbols of the added tokens the holder holds, in rank order. */
  held: string[];
  /** The listed token whose balanceOf burns all its gas. */
  burner: { id: string; symbol: string };
  remove(): Promise<void>;
};

/**
 * Lists `count` more PulseChain tokens after the seeded ones (minimal BagBench tokens: 18
 * decimals recorded, $1 each), ranked in order, and one more whose balanceOf burns all its gas
 * at `burnerAt` among them. Every `holdEvery`-th added token credits `holder` with `amount` whole
 * tokens. `remove()` unlists them again; both tell the app its coins changed.
 */
export async function listMoreBagTokens(
  world: BagWorld,
  baseUrl: string,
  databaseUrl: string,
  options: { count: number; burnerAt: number; holder: Address; holdEvery: number; amount: string },
): Promise<MoreBagTokens> {
  const db = createPrismaClient({ url: databaseUrl });
  const ids: string[] = [];
  try {
    const addresses = await world.chain.deployBagTokens(options.count, options.holder, options.holdEvery, options.amount);
    const burnerAddress = await world.chain.deployGasBurningToken();
    const firstRank = ((await db.coin.aggregate({ _max: { rank: true } }))._max.rank ?? 0) + 1;
    const burner = { id: "gas-burner-test", symbol: "BURNT" };
    const rows = addresses.map((address, i) => ({ id: `bag-extra-${i}`, symbol: `BX${i}`, name: `Bag Extra ${i}`, address }));
    rows.splice(options.burnerAt, 0, { id: burner.id, symbol: burner.symbol, name: "Gas Burner Test", address: burnerAddress });
    await db.coin.createMany({
      data: rows.map((row, i) => ({
        id: row.id,
        symbol: row.symbol,
        name: row.name,
        currentPrice: 1,
        marketCap: 1_000_000,
        rank: firstRank + i,
        chain: "pulsechain",
        contractAddress: row.address,
        decimals: 18,
      })),
    });
    ids.push(...rows.map((row) => row.id));
    await tellTheApp(baseUrl, await db.coin.findMany({ where: { id: "hex" }, select: { id: true, tags: true } }));
    const held = addresses.flatMap((_, i) => (i % options.holdEvery === 0 ? [`BX${i}`] : []));
    return {
      held,
      burner,
      async remove() {
        const cleanup = createPrismaClient({ url: databaseUrl });
        await cleanup.coin.deleteMany({ where: { id: { in: ids } } });
        await tellTheApp(baseUrl, await cleanup.coin.findMany({ where: { id: "hex" }, select: { id: true, tags: true } }));
        await cleanup.$disconnect();
      },
    };
  } catch (error) {
    if (ids.length > 0) await db.coin.deleteMany({ where: { id: { in: ids } } });
    throw error;
  } finally {
    await db.$disconnect();
  }
}
