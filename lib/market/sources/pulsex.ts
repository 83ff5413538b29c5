// PulseX on-chain: prices straight from the chain, no API key, any token with a pool.
// A token's price comes from the reserves of its deepest pair against WPLS across the PulseX V1
// and V2 factories; WPLS's USD price from its pairs with the bridged stablecoins; the circulating
// supply is totalSupply minus the balances at the coin's burn addresses. All reads go through
// Multicall3 in two round trips (pairs, decimals and supplies; then reserves), after one
// eth_chainId check so a misconfigured RPC (say, Ethereum, where the same token addresses exist)
// fails the pass instead of publishing another chain's prices.
// The chain alone has no 24h change: an optional change source (DexScreener) supplies it, and
// without it the refresh pass takes it from the snapshots.
import "server-only";
import { erc20Abi, getAddress, isAddress, zeroAddress, type Abi, type Address, type PublicClient } from "viem";
import { DEFAULT_BURN_ADDRESSES, PULSECHAIN_CHAIN_ID, factoryAbi, pairAbi, type PulseXContracts } from "../onchain/contracts";
import { circulatingSupply, deepestPool, priceInWpls, toUnits, wplsUsdFromStablePools, type PoolReserves } from "../onchain/reserves";
import { shortMessage } from "../onchain/client";
import type { PriceSource, Quote, QuoteFailure, QuoteRequest, SourceResult } from "../types";

export type PulseXSourceOptions = {
  client: PublicClient;
  contracts: PulseXContracts;
  /** Asked for the 24h change of the coins the chain priced; its prices are not used. */
  changeSource?: PriceSource;
};

/** Calldata bytes per Multicall3 call; viem splits bigger batches into several aggregate3 calls. */
const MULTICALL_BATCH_BYTES = 32_768;

type Call = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] };

export function createPulseXSource(options: PulseXSourceOptions): PriceSource {
  return { name: "pulsex", fetchQuotes: (requests) => quotePulseX(options, requests) };
}

async function quotePulseX(options: PulseXSourceOptions, requests: readonly QuoteRequest[]): Promise<SourceResult> {
  const { client, contracts } = options;
  const quotes = new Map<string, Quote>();
  const failures: QuoteFailure[] = [];
  const fail = (coinId: string, reason: string) => failures.push({ coinId, reason: `pulsex: ${reason}` });

  const valid = requests.filter((request) => {
    if (isAddress(request.quoteId, { strict: false })) return true;
    fail(request.coinId, `${request.quoteId} is not a contract address`);
    return false;
  });
  if (valid.length === 0) return { quotes, failures };
  const failAll = (reason: string) => {
    for (const request of valid) fail(request.coinId, reason);
    return { quotes, failures };
  };

  try {
    const chainId = await client.getChainId();
    if (chainId !== PULSECHAIN_CHAIN_ID) return failAll(`the RPC serves chain ${chainId}, not PulseChain (${PULSECHAIN_CHAIN_ID})`);
  } catch (error) {
    return failAll(`RPC unavailable: ${shortMessage(error)}`);
  }

  const wpls = getAddress(contracts.wpls);
  const multicall = async (calls: Call[]): Promise<(unknown | undefined)[]> => {
    const results = await client.multicall({
      multicallAddress: contracts.multicall3,
      allowFailure: true,
      batchSize: MULTICALL_BATCH_BYTES,
      contracts: calls,
    });
    return results.map((result) => (result.status === "success" ? result.result : undefined));
  };

  // Round trip 1: which pairs exist, and each token's decimals, supply and burned balances.
  const tokens = valid.map((request) => {
    const token = getAddress(request.quoteId);
    const burn = (request.burnAddresses?.length ? request.burnAddresses : DEFAULT_BURN_ADDRESSES).map((address) => getAddress(address));
    return { request, token, burn };
  });
  const stables = contracts.stablecoins.map((address) => getAddress(address));
  const calls: Call[] = [];
  const at = (call: Call) => calls.push(call) - 1;
  const pairLookups = (token: Address) =>
    token === wpls ? [] : contracts.factories.map((factory) => at({ address: factory, abi: factoryAbi, functionName: "getPair", args: [token, wpls] }));
  const tokenCalls = tokens.map(({ token, burn }) => ({
    decimals: at({ address: token, abi: erc20Abi, functionName: "decimals" }),
    totalSupply: at({ address: token, abi: erc20Abi, functionName: "totalSupply" }),
    burned: burn.map((holder) => at({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] })),
    pairs: pairLookups(token),
  }));
  const stableCalls = stables.map((stable) => ({
    decimals: at({ address: stable, abi: erc20Abi, functionName: "decimals" }),
    pairs: pairLookups(stable),
  }));

  let first: (unknown | undefined)[];
  try {
    first = await multicall(calls);
  } catch (error) {
    return failAll(`multicall failed: ${shortMessage(error)}`);
  }

  // Round trip 2: token0 and reserves of every pair found.
  const pairAddresses = [...new Set([...tokenCalls, ...stableCalls].flatMap(({ pairs }) => pairs.map((index) => first[index] as Address | undefined)))]
    .filter((pair): pair is Address => typeof pair === "string" && pair !== zeroAddress);
  let second: (unknown | undefined)[];
  try {
    second = await multicall(
      pairAddresses.flatMap((pair) => [
        { address: pair, abi: pairAbi, functionName: "token0" },
        { address: pair, abi: pairAbi, functionName: "getReserves" },
      ]),
    );
  } catch (error) {
    return failAll(`multicall failed: ${shortMessage(error)}`);
  }
  const reservesOf = new Map<Address, { token0: Address; reserve0: bigint; reserve1: bigint }>();
  pairAddresses.forEach((pair, i) => {
    const token0 = second[2 * i] as Address | undefined;
    const reserves = second[2 * i + 1] as readonly [bigint, bigint, number] | undefined;
    if (token0 && reserves) reservesOf.set(pair, { token0: getAddress(token0), reserve0: reserves[0], reserve1: reserves[1] });
  });

  /** The token's pools against WPLS, in whole tokens on each side. */
  const poolsOf = (token: Address, decimals: number, pairIndexes: number[]): (PoolReserves & { pair: Address })[] =>
    pairIndexes.flatMap((index) => {
      const pair = first[index] as Address | undefined;
      const reserves = pair ? reservesOf.get(pair) : undefined;
      if (!pair || !reserves) return [];
      const tokenIsFirst = reserves.token0 === token;
      return [{
        pair,
        tokenReserve: toUnits(tokenIsFirst ? reserves.reserve0 : reserves.reserve1, decimals),
        wplsReserve: toUnits(tokenIsFirst ? reserves.reserve1 : reserves.reserve0, 18),
      }];
    });

  const stablePools = stables.flatMap((stable, i) => {
    const decimals = first[stableCalls[i]!.decimals] as number | undefined;
    return decimals === undefined ? [] : poolsOf(stable, decimals, stableCalls[i]!.pairs);
  });
  const wplsUsd = wplsUsdFromStablePools(stablePools);
  if (!wplsUsd) return failAll("no WPLS/stablecoin pair with reserves, so WPLS has no USD price");

  tokens.forEach(({ request, token }, i) => {
    const callsOf = tokenCalls[i]!;
    const decimals = first[callsOf.decimals] as number | undefined;
    const totalSupply = first[callsOf.totalSupply] as bigint | undefined;
    if (decimals === undefined || totalSupply === undefined) return fail(request.coinId, `${token} did not answer decimals() or totalSupply(): not an ERC-20`);
    const burned = callsOf.burned.map((index) => first[index] as bigint | undefined);
    if (burned.some((balance) => balance === undefined)) return fail(request.coinId, `${token} did not answer balanceOf() for a burn address`);
    const supply = circulatingSupply(totalSupply, burned as bigint[], decimals);

    let price: number;
    let liquidityUsd: number;
    if (token === wpls) {
      ({ price, liquidityUsd } = wplsUsd);
    } else {
      const pool = deepestPool(poolsOf(token, decimals, callsOf.pairs));
      if (!pool) return fail(request.coinId, `no PulseX pair of ${token} with WPLS has reserves`);
      price = priceInWpls(pool) * wplsUsd.price;
      liquidityUsd = 2 * pool.wplsReserve * wplsUsd.price;
    }
    if (!Number.isFinite(price) || price <= 0) return fail(request.coinId, `unusable price ${price}`);
    quotes.set(request.coinId, {
      price,
      marketCap: supply > 0 ? price * supply : null,
      change24h: null,
      liquidityUsd,
      circulatingSupply: supply,
    });
  });

  if (options.changeSource && quotes.size > 0) await addChanges(options.changeSource, valid, quotes);
  return { quotes, failures };
}

/** Copies the change source's 24h change onto the chain's quotes; its failures change nothing. */
async function addChanges(changeSource: PriceSource, requests: readonly QuoteRequest[], quotes: Map<string, Quote>): Promise<void> {
  try {
    const changes = await changeSource.fetchQuotes(requests.filter((request) => quotes.has(request.coinId)));
    for (const [coinId, quote] of quotes) {
      const change = changes.quotes.get(coinId)?.change24h;
      if (typeof change === "number" && Number.isFinite(change)) quote.change24h = change;
    }
  } catch {
    // Without a change from the source, the pass derives it from the snapshots.
  }
}
