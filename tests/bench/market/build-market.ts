// Deploys the bench market (market-plan.ts) on the child's ganache: WPLS, DAI and USDC pools that
// price WPLS (on PulseX V1's and V2's factories), a HEX-like base with a WPLS pool, Multicall3,
// then the N tokens with their pools through MarketBuilder, a hundred per transaction, and last
// GAS_BURNERS tokens whose totalSupply burns all the gas it is given (MisbehavingToken.sol), each
// with a WPLS pool, placed evenly through the token list: one bad token must cost only itself.
import { createPublicClient, createWalletClient, getAddress, http, parseEventLogs, parseUnits, type Abi, type Address, type Hex, type PublicClient } from "viem";
import { compileTestContracts, type Artifact } from "@/tests/chain/compile";
import { BASE_DECIMALS, HEX_USD, WPLS_USD, planMarket, rawUnits, type BaseName, type PlannedToken } from "./market-plan";

export type BenchMarket = {
  contracts: { wpls: Address; dai: Address; usdc: Address; hex: Address; factoryV1: Address; factoryV2: Address; multicall3: Address };
  /** `burnsGas`: one of the GAS_BURNERS, whose totalSupply loops until its gas runs out. */
  tokens: (PlannedToken & { address: Address; burnsGas?: true })[];
  /** Transactions the setup sent. */
  transactions: number;
};

const LISTINGS_PER_TRANSACTION = 100;
/**
 * Ganache mines with one VM whose state cache only grows and is copied whole at every EVM
 * checkpoint (each CALL and CREATE), so listing 5,000 tokens in one ganache process is quadratic:
 * the fourth thousand took about three times as long as the first. A chain restarted on its
 * database starts with an empty cache, so the setup restarts it after every thousand tokens.
 */
const LISTINGS_PER_RESTART = 1000;
/**
 * Measured about 1.25M gas per token, pair and reserves (the pair keeps price accumulators and
 * can swap); the rest is headroom (unused gas costs nothing here).
 */
const GAS_PER_LISTING = 1_600_000n;
/** Tokens whose totalSupply burns every bit of gas it is given, spread through the list. */
export const GAS_BURNERS = 10;
/** Each gas burner's pool: 2,000,000 tokens against $20,000 of WPLS ($0.01 each, over the floor). */
const BURNER_POOL = { tokens: 2_000_000, baseSideUsd: 20_000, supply: 10_000_000 };
/** USD on each side of the pools that price the bases: deep, so the tokens' pools barely matter. */
const BASE_POOL_USD = { dai: 3_000_000, usdc: 6_000_000, hex: 3_000_000 };

export async function buildBenchMarket(
  firstRpcUrl: string,
  count: number,
  options: { progress: (line: string) => void; /** Restarts the chain on its database; gives its new URL. */ restart?: () => Promise<string> },
): Promise<BenchMarket> {
  const { progress } = options;
  const artifacts = compileTestContracts();
  const [deployer] = await createWalletClient({ transport: http(firstRpcUrl) }).getAddresses();
  const connect = (rpcUrl: string) => ({
    client: createPublicClient({ transport: http(rpcUrl, { timeout: 120_000 }) }) as PublicClient,
    wallet: createWalletClient({ account: deployer!, transport: http(rpcUrl, { timeout: 120_000 }) }),
  });
  let { client, wallet } = connect(firstRpcUrl);
  let transactions = 0;

  async function confirm(hash: Hex) {
    transactions++;
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 120_000 });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return receipt;
  }
  async function deploy(artifact: Artifact, args: unknown[] = []): Promise<Address> {
    const receipt = await confirm(await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, chain: null }));
    return getAddress(receipt.contractAddress!);
  }
  const write = async (address: Address, abi: Abi, functionName: string, args: unknown[] = [], extra: { value?: bigint; gas?: bigint } = {}) =>
    confirm(await wallet.writeContract({ address, abi, functionName, args, chain: null, ...extra }));
  const token = artifacts.TestToken;

  const started = Date.now();
  const listings = planMarket(count);
  const needed = (base: BaseName) => listings.filter((listing) => listing.base === base).reduce((sum, listing) => sum + listing.baseReserve, 0n);
  const basePoolWpls = (usd: number) => rawUnits(usd / WPLS_USD, 18);

  const wpls = await deploy(artifacts.WPLS);
  const wplsForBases = basePoolWpls(BASE_POOL_USD.dai) + basePoolWpls(BASE_POOL_USD.usdc) + basePoolWpls(BASE_POOL_USD.hex);
  const burnerWpls = rawUnits(BURNER_POOL.baseSideUsd / WPLS_USD, 18);
  await write(wpls, artifacts.WPLS.abi, "deposit", [], { value: needed("WPLS") + wplsForBases + burnerWpls * BigInt(GAS_BURNERS) });
  const dai = await deploy(token, ["Dai Stablecoin from Ethereum", "DAI", 18, needed("DAI") + parseUnits(String(BASE_POOL_USD.dai), 18)]);
  const usdc = await deploy(token, ["USD Coin from Ethereum", "USDC", 6, parseUnits(String(BASE_POOL_USD.usdc), 6)]);
  const hex = await deploy(token, ["HEX", "HEX", BASE_DECIMALS.HEX, needed("HEX") + rawUnits(BASE_POOL_USD.hex / HEX_USD, 8)]);
  const factoryV1 = await deploy(artifacts.Factory);
  const factoryV2 = await deploy(artifacts.Factory);
  const multicall3 = await deploy(artifacts.Multicall3);
  const builder = await deploy(artifacts.MarketBuilder);

  async function pool(factory: Address, base: Address, baseAmount: bigint, other: Address, otherAmount: bigint) {
    await write(factory, artifacts.Factory.abi, "createPair", [base, other]);
    const pair = (await client.readContract({ address: factory, abi: artifacts.Factory.abi, functionName: "getPair", args: [base, other] })) as Address;
    await write(base, token.abi, "transfer", [pair, baseAmount]);
    await write(other, token.abi, "transfer", [pair, otherAmount]);
    await write(pair, artifacts.Pair.abi, "sync");
  }
  await pool(factoryV1, wpls, basePoolWpls(BASE_POOL_USD.dai), dai, parseUnits(String(BASE_POOL_USD.dai), 18));
  await pool(factoryV2, wpls, basePoolWpls(BASE_POOL_USD.usdc), usdc, parseUnits(String(BASE_POOL_USD.usdc), 6));
  await pool(factoryV2, wpls, basePoolWpls(BASE_POOL_USD.hex), hex, rawUnits(BASE_POOL_USD.hex / HEX_USD, 8));

  const bases: Record<BaseName, Address> = { WPLS: wpls, DAI: dai, HEX: hex };
  for (const base of Object.keys(bases) as BaseName[]) {
    if (needed(base) > 0n) await write(bases[base], token.abi, "transfer", [builder, needed(base)]);
  }

  const tokens: BenchMarket["tokens"] = [];
  for (let start = 0; start < listings.length; start += LISTINGS_PER_TRANSACTION) {
    const batch = listings.slice(start, start + LISTINGS_PER_TRANSACTION);
    const receipt = await write(
      builder,
      artifacts.MarketBuilder.abi,
      "build",
      [batch.map((listing) => ({
        factory: listing.factory === 1 ? factoryV1 : factoryV2,
        base: bases[listing.base],
        decimals: listing.decimals,
        supply: listing.supply,
        tokenReserve: listing.tokenReserve,
        baseReserve: listing.baseReserve,
      }))],
      { gas: GAS_PER_LISTING * BigInt(batch.length) },
    );
    const listed = parseEventLogs({ abi: artifacts.MarketBuilder.abi, logs: receipt.logs, eventName: "Listed" }) as unknown as { args: { token: Address } }[];
    if (listed.length !== batch.length) throw new Error(`the builder listed ${listed.length} of ${batch.length} tokens`);
    batch.forEach((listing, i) => tokens.push({ ...listing, address: getAddress(listed[i]!.args.token) }));
    if (options.restart && tokens.length % LISTINGS_PER_RESTART === 0 && tokens.length < listings.length) ({ client, wallet } = connect(await options.restart()));
    if (tokens.length % 500 === 0 || tokens.length === listings.length) {
      progress(`  ${tokens.length} of ${listings.length} tokens listed, ${((Date.now() - started) / 1000).toFixed(0)} s (${receipt.gasUsed} gas in the last transaction)`);
    }
  }
  // The gas burners (indexes from count on: ids of their own).
  const burnsGas = 2; // MisbehavingToken.Mode.BurnsGas
  const burners: BenchMarket["tokens"] = [];
  for (let i = 0; i < GAS_BURNERS; i++) {
    const supply = rawUnits(BURNER_POOL.supply, 18);
    const address = await deploy(artifacts.MisbehavingToken, [supply, burnsGas]);
    const tokenReserve = rawUnits(BURNER_POOL.tokens, 18);
    await pool(factoryV2, wpls, burnerWpls, address, tokenReserve);
    const burner = {
      index: count + i,
      base: "WPLS" as const,
      factory: 2 as const,
      decimals: 18,
      priceUsd: BURNER_POOL.baseSideUsd / BURNER_POOL.tokens,
      baseSideUsd: BURNER_POOL.baseSideUsd,
      tokenReserve,
      baseReserve: burnerWpls,
      supply,
      address,
      burnsGas: true as const,
    };
    burners.push(burner);
  }
  // Evenly through the list: the i-th after (i + 0.5) / GAS_BURNERS of the others.
  burners.forEach((burner, i) => tokens.splice(Math.round(((i + 0.5) * count) / GAS_BURNERS) + i, 0, burner));
  progress(`  ${GAS_BURNERS} gas-burning tokens listed among them`);
  return { contracts: { wpls, dai, usdc, hex, factoryV1, factoryV2, multicall3 }, tokens, transactions };
}
