// The bag page's world for the browser tests: a local chain (ganache) with a token deployed for
// every listed PulseChain coin, balances sent to the scripted wallets with real transactions, the
// app's coin rows pointed at those tokens with prices chosen for hand-worked figures, and the
// browser's PulseChain RPC (the build's default, https://rpc.pulsechain.com) routed to the chain.
import type { BrowserContext } from "playwright-core";
import type { Address } from "viem";
import { createPrismaClient } from "../../lib/db/create-client";
import { startLocalChain, type LocalChain } from "../chain/local-chain";
import { operatorEdit } from "./cache-steps";
import { PUBLIC_RPC, alice, bob } from "./wallet-steps";

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
