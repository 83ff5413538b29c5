// The market-cap guard on a real local chain (ganache, the contracts deployed for real) and a real
// SQLite file, through whole refresh passes with the on-chain source and the pool cache in the
// database: a circulating supply that moves 10x in one pass (here: 90% of the supply sent out of
// 0x…dEaD, which the source counts as burned) is held for a pass while the price still publishes
// with the last published supply; the next pass reads the chain again and publishes it, or, when
// the tokens went back to the burn address meanwhile, publishes the old supply and never the
// minted one. Each pass also quotes a second token, whose older supply reading would take the
// pass's share of re-reads (onchain/schedule.ts) if the held one were not due again. Figures are
// worked out by hand below.
import { createWalletClient, erc20Abi, http, parseUnits, type Address } from "viem";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import type { PulseXContracts } from "@/lib/market/onchain/contracts";
import { createPrismaPoolCache } from "@/lib/market/onchain/prisma-pool-cache.server";
import { SUPPLY_MAX_AGE_MS } from "@/lib/market/onchain/schedule";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import { BURN_DEAD, startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(90_000);

const { db } = useTestDatabase({ seed: true });

// WPLS in USD from the one stablecoin pool: 30,000 DAI / 100,000,000 WPLS = $0.0003.
// Each token below: 1,000,000 in a pool against 100,000,000 WPLS, so 100 WPLS = $0.03 each, and
// 2 x 100,000,000 x $0.0003 = $60,000 of liquidity (the price guard stays out of it); of its
// 100,000,000 supply, 90,000,000 sit at 0x…dEaD: 10,000,000 circulate, a $300,000 market cap.
const PRICE = 0.03;
const SUPPLY = 10_000_000;
const MINTED = 100_000_000;

let chain: LocalChain;
let contracts: PulseXContracts;

beforeAll(async () => {
  chain = await startLocalChain();
  const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
  contracts = { wpls, factories: [factoryV1, factoryV2], stablecoins: [dai], multicall3 };
  await chain.addLiquidity(factoryV1, dai, "30000", wpls, "100000000");
  // 0x…dEaD sends transactions here (ganache impersonates it) and pays their gas.
  await rpc("evm_addAccount", [BURN_DEAD, ""]);
  await rpc("personal_unlockAccount", [BURN_DEAD, "", 0]);
  await chain.sendPls(BURN_DEAD, "100");
});

afterAll(() => chain?.stop());

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** The "mint": tokens sent out of the burn address (to the deployer), which the source counts as circulating again. */
async function sendOutOfBurnAddress(token: Address, amount: string): Promise<void> {
  const wallet = createWalletClient({ account: BURN_DEAD, transport: http(chain.rpcUrl) });
  const [deployer] = await createWalletClient({ transport: http(chain.rpcUrl) }).getAddresses();
  const hash = await wallet.writeContract({ address: token, abi: erc20Abi, functionName: "transfer", args: [deployer!, parseUnits(amount, 18)], chain: null });
  const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.status !== "success") throw new Error("the transfer out of the burn address reverted");
}

/**
 * A token as above for `id`, and another for `other`: the only two coins refreshed, each quoted by
 * its token and last published at $0.03 x 10,000,000. With two supplies a pass re-reads one
 * (a twelfth, rounded up), the oldest, unless another is due.
 */
async function tokensFor(id: string, other: string): Promise<Address> {
  await db().coin.updateMany({ data: { quoteSource: null } });
  const tokens: Address[] = [];
  for (const coinId of [id, other]) {
    const token = await chain.deployToken(coinId, coinId.toUpperCase(), 18, "100000000");
    await chain.addLiquidity(chain.contracts.factoryV2, token, "1000000", chain.contracts.wpls, "100000000");
    await chain.transfer(token, BURN_DEAD, "90000000");
    await db().coin.update({
      where: { id: coinId },
      data: { quoteSource: "pulsex", quoteId: token, contractAddress: token, burnAddresses: null, priceSource: "pulsex", currentPrice: PRICE, circulatingSupply: SUPPLY, marketCap: PRICE * SUPPLY, liquidityUsd: 60_000 },
    });
    tokens.push(token);
  }
  return tokens[0]!;
}

/** Makes the token's cached supply an hour old, so the next pass reads it (as it would within the hour). */
async function supplyDue(token: Address, at: Date): Promise<void> {
  await db().pulseXPoolCache.update({ where: { token }, data: { supplyReadAt: new Date(at.getTime() - SUPPLY_MAX_AGE_MS) } });
}

/** One pass at `at`, the source's pool cache in the database (so a supply is re-read only when due). */
async function passAt(at: Date, lines: string[] = []) {
  const source = createPulseXSource({ client: createPulseChainClient(chain.rpcUrl, { retries: 0 }), contracts, poolCache: createPrismaPoolCache(db()), now: () => at });
  return runRefreshPass(db(), [source], { now: () => at, log: (line) => lines.push(line) });
}

const coin = (id: string) => db().coin.findUniqueOrThrow({ where: { id } });
const supplyReadAt = async (token: Address) => (await db().pulseXPoolCache.findUniqueOrThrow({ where: { token } })).supplyReadAt;
const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);
const HELD_REASON = `circulating supply moved 10x (${SUPPLY} -> ${MINTED}); market cap kept at the last published supply until the next pass confirms it`;

test("a supply that moved 10x is held for a pass while the price publishes, then published when the next pass reads it again", async () => {
  const token = await tokensFor("pepe", "bear");
  const t0 = new Date("2026-11-24T04:00:00Z");
  const baseline = await passAt(t0);
  expect(baseline).toMatchObject({ updated: expect.arrayContaining(["pepe", "bear"]), heldBack: [], failed: [] });
  expect(await coin("pepe")).toMatchObject({ circulatingSupply: SUPPLY, pendingSupply: null });

  // 90,000,000 out of 0x…dEaD: 100,000,000 circulate. Its supply is read at the next pass (due, as
  // it is within the hour: onchain/schedule.ts).
  await sendOutOfBurnAddress(token, "90000000");
  const t1 = minutes(t0, 5);
  await supplyDue(token, t1);
  const lines: string[] = [];
  const first = await passAt(t1, lines);
  // The price still publishes ($0.03, unchanged), with the last published supply: cap $300,000, not $3,000,000.
  expect([...first.updated].sort()).toEqual(["bear", "pepe"]);
  expect(first.heldBack).toEqual([{ coinId: "pepe", source: "pulsex", reason: HELD_REASON }]);
  expect(lines).toContain(`[market] pulsex pepe: held back: ${HELD_REASON}`);
  const held = await coin("pepe");
  expect(held.currentPrice).toBeCloseTo(PRICE, 12);
  expect(held.circulatingSupply).toBe(SUPPLY);
  expect(held.marketCap).toBeCloseTo(PRICE * SUPPLY, 4);
  expect(held).toMatchObject({ pendingSupply: MINTED, pendingSupplySince: t1, priceUpdatedAt: t1 });
  // The reading is saved as an hour old, so the next pass reads the chain again instead of its cache.
  expect(await supplyReadAt(token)).toEqual(new Date(t1.getTime() - SUPPLY_MAX_AGE_MS));

  // Five minutes on: read again (not bear's older reading), still 100,000,000: published, cap
  // 0.03 x 100,000,000 = $3,000,000.
  const t2 = minutes(t1, 5);
  const second = await passAt(t2);
  expect(second).toMatchObject({ updated: expect.arrayContaining(["pepe", "bear"]), heldBack: [] });
  const published = await coin("pepe");
  expect(published.circulatingSupply).toBe(MINTED);
  expect(published.marketCap).toBeCloseTo(PRICE * MINTED, 3);
  expect(published).toMatchObject({ pendingSupply: null, pendingSupplySince: null });
  expect(await supplyReadAt(token)).toEqual(t2);
});

test("a mint sent back to the burn address before the next pass is never published", async () => {
  const token = await tokensFor("trump", "doge");
  const t0 = new Date("2026-11-24T06:00:00Z");
  expect([...(await passAt(t0)).updated].sort()).toEqual(["doge", "trump"]);

  await sendOutOfBurnAddress(token, "90000000");
  const t1 = minutes(t0, 5);
  await supplyDue(token, t1);
  const first = await passAt(t1);
  expect(first.heldBack).toEqual([{ coinId: "trump", source: "pulsex", reason: HELD_REASON }]);
  expect(await coin("trump")).toMatchObject({ circulatingSupply: SUPPLY, pendingSupply: MINTED });

  // Burned back: 10,000,000 circulate again. The cache still says 100,000,000 (read 5 minutes ago,
  // younger than doge's), but the pass reads the chain.
  await chain.transfer(token, BURN_DEAD, "90000000");
  const second = await passAt(minutes(t1, 5));
  expect(second).toMatchObject({ updated: expect.arrayContaining(["trump", "doge"]), heldBack: [] });
  const after = await coin("trump");
  expect(after.circulatingSupply).toBe(SUPPLY);
  expect(after.marketCap).toBeCloseTo(PRICE * SUPPLY, 4);
  expect(after).toMatchObject({ pendingSupply: null, pendingSupplySince: null });
  // Not one published market cap (snapshot) was the minted one.
  const caps = (await db().priceSnapshot.findMany({ where: { coinId: "trump", takenAt: { gte: t0 } } })).map((snapshot) => snapshot.marketCap);
  expect(caps).toHaveLength(3);
  for (const cap of caps) expect(cap).toBeCloseTo(PRICE * SUPPLY, 4);
});
