// Issue 43's budget row for the supply bases: "the market pass at 5,000 tokens makes ≤ 10% more
// RPC requests". The pass sends one planned list of calls in chunks (lib/chain/read-calls.ts), so
// its requests are its chunks plus eth_chainId and eth_blockNumber. This plans a steady-state pass
// (every token discovered, a twelfth of the supplies due) for 5,000 tokens, HEX and PLS among the
// coins, with the real planner and chunker, with and without the bases' reads, and prints both.
// Run: npx tsx tests/bench/supply-bases-plan.ts (prints, asserts nothing; under a second).
import { getAddress, type Address } from "viem";
import { chunkGas, planChunks } from "@/lib/chain/chunks";
import { DEFAULT_BURN_ADDRESSES } from "@/lib/market/onchain/contracts";
import type { CachedPool, TokenPools } from "@/lib/market/onchain/pool-cache";
import { burnKeyOf } from "@/lib/market/onchain/schedule";
import type { Bases } from "@/lib/market/sources/pulsex/bases";
import type { PassCoin } from "@/lib/market/sources/pulsex/coins";
import { planReads } from "@/lib/market/sources/pulsex/read-plan";

const TOKENS = Number(process.env.TOKENS ?? 5_000);
const addr = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, "0")}`);
const [WPLS, DAI, USDC, HEX, F1, F2, MULTICALL] = [0x1000, 0x2000, 0x3000, 0x4000, 0xf1, 0xf2, 0xca11].map(addr) as [Address, Address, Address, Address, Address, Address, Address];
const bases: Bases = { wpls: WPLS, stables: [DAI, USDC], others: [HEX], all: [WPLS, DAI, USDC, HEX] };
const now = new Date("2026-11-28T12:00:00Z");
const burn = DEFAULT_BURN_ADDRESSES.map((address) => getAddress(address));
const burnKey = burnKeyOf(burn);

let pairs = 0x100000;
const pool = (base: Address, factory = F1): CachedPool => ({ pair: addr(pairs++), factory, base, tokenIsToken0: pairs % 2 === 0 });
// Each token's supply read at a spread of times in the last hour, so the schedule renews a twelfth.
const row = (token: Address, pools: CachedPool[], index: number): TokenPools => ({
  token,
  decimals: 18,
  pools,
  discoveredAt: now,
  supply: { raw: 1n, burnedRaw: 0n, burnKey, readAt: new Date(now.getTime() - ((index * 7919) % 3_500_000)) },
});

const rows = new Map<Address, TokenPools>();
rows.set(WPLS, row(WPLS, [pool(DAI), pool(USDC, F2)], 0));
rows.set(DAI, row(DAI, [pool(WPLS)], 1));
rows.set(USDC, row(USDC, [pool(WPLS, F2)], 2));
rows.set(HEX, row(HEX, [pool(WPLS), pool(DAI, F2)], 3));
const coins: PassCoin[] = [];
for (let i = 0; i < TOKENS; i++) {
  const token = addr(0x500000 + i);
  // As bench:market's market: 80% paired with WPLS, 10% with DAI, 10% with HEX, over both factories.
  const base = i % 10 < 8 ? WPLS : i % 10 === 8 ? DAI : HEX;
  rows.set(token, row(token, [pool(base, i % 2 ? F1 : F2)], i + 4));
  coins.push({ request: { coinId: `t${i}`, quoteId: token }, token, burn, burnKey });
}
coins.push({ request: { coinId: "hex", quoteId: HEX }, token: HEX, burn, burnKey });
coins.push({ request: { coinId: "pls", quoteId: WPLS, native: true }, token: WPLS, burn, burnKey });

function measure(withBases: boolean) {
  const plan = planReads({
    bases,
    // Without the bases: the same coins, PLS not marked native and no HEX contract configured.
    coins: withBases ? coins : coins.map((coin) => ({ ...coin, request: { ...coin.request, native: undefined } })),
    rows,
    now,
    multicall3: MULTICALL,
    hex: withBases ? HEX : null,
  });
  const chunks = planChunks(plan.calls.map((call) => chunkGas(call.gas)));
  return { calls: plan.calls.length, chunks: chunks.length, requests: chunks.length + 2 };
}

const before = measure(false);
const after = measure(true);
console.log(`A steady-state pass over ${TOKENS.toLocaleString("en-US")} tokens with HEX and PLS among the coins:`);
console.log(`  without the supply bases' reads: ${before.calls.toLocaleString("en-US")} calls in ${before.chunks} chunks, ${before.requests} RPC requests`);
console.log(`  with them:                       ${after.calls.toLocaleString("en-US")} calls in ${after.chunks} chunks, ${after.requests} RPC requests`);
console.log(`  more requests: ${(((after.requests - before.requests) / before.requests) * 100).toFixed(1)}% (goal ≤ 10%); more calls: ${(((after.calls - before.calls) / before.calls) * 100).toFixed(2)}%`);
