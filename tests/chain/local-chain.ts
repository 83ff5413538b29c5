// A local EVM for the on-chain tests: ganache (from the npm registry) on a free port with chain
// id 369, and the contracts the PulseX reader needs, compiled by solc-js and deployed for real:
// WPLS, bridged-style stablecoins (DAI with 18 decimals, USDC with 6), two V2-style factories
// (PulseX V1 and V2) and Multicall3, deployed at an address of its own and also copied to the
// canonical 0xcA11...CA11 (as on PulseChain) for readers that default to it. Tests add tokens and
// pools on top.
import { fork } from "node:child_process";
import path from "node:path";
import ganache from "ganache";
import { createPublicClient, createTestClient, createWalletClient, getAddress, http, parseEther, parseEventLogs, parseUnits, type Abi, type Address, type Hex, type PublicClient } from "viem";
import { CANONICAL_MULTICALL3 } from "@/lib/chain/aggregate3";
import { compileTestContracts, type Artifact } from "./compile";

const WRITE_GAS = 5_000_000n;

export const BURN_DEAD: Address = "0x000000000000000000000000000000000000dEaD";

/** MisbehavingToken's totalSupply: answers, reverts, loops until its gas runs out, or answers after spending 100,000 gas. */
export type TokenMode = "normal" | "reverts" | "burns-gas" | "expensive";
const TOKEN_MODES: Record<TokenMode, number> = { normal: 0, reverts: 1, "burns-gas": 2, expensive: 3 };

export type LocalChain = {
  rpcUrl: string;
  client: PublicClient;
  /** `multicall3` is the deployed copy; the same runtime code also sits at CANONICAL_MULTICALL3. */
  contracts: { wpls: Address; dai: Address; usdc: Address; factoryV1: Address; factoryV2: Address; multicall3: Address };
  /** An ERC-20 whose whole supply (in whole tokens) goes to the deployer. */
  deployToken(name: string, symbol: string, decimals: number, supply: string): Promise<Address>;
  /**
   * Like deployToken, but the address sorts above (or below) `other`, so the token is token1 (or
   * token0) in their pair: throwaway deployments move the deployer's nonce until it does.
   */
  deployTokenSorted(name: string, symbol: string, decimals: number, supply: string, order: "above" | "below", other: Address): Promise<Address>;
  /**
   * Adds reserves to the factory's pair of the two tokens (creating it if needed) and syncs it.
   * Amounts are in whole tokens; WPLS comes from the deployer's wrapped PLS.
   */
  addLiquidity(factory: Address, tokenA: Address, amountA: string, tokenB: Address, amountB: string): Promise<Address>;
  /**
   * Sells `amountIn` whole tokens of `tokenIn` into the factory's pair of the two tokens, as a
   * trader does through the router: the input goes in first, then swap() takes out what the
   * constant product with the 0.3% fee gives. Returns the whole tokens of `tokenOut` received.
   */
  swap(factory: Address, tokenIn: Address, amountIn: string, tokenOut: Address): Promise<number>;
  /** Moves the chain's clock forward and mines a block at the new time (ganache's evm_increaseTime). */
  advanceTime(seconds: number): Promise<void>;
  /**
   * Sends `value` wei from the deployer to `to` through a contract (Forwarder.sol): an internal
   * transfer, with no transaction to `to` itself. Answers the transaction (to the contract).
   */
  forwardPls(to: Address, value: bigint): Promise<Hex>;
  /** An ERC-20 lookalike whose balanceOf always reverts (decimals 18). */
  deployRevertingToken(): Promise<Address>;
  /** An ERC-20 lookalike whose balanceOf loops until its gas runs out (GasBurningToken.sol, decimals 18). */
  deployGasBurningToken(): Promise<Address>;
  /**
   * `count` minimal tokens (BagBench.sol: a balance and 18 decimals, no transfers), in order;
   * every `holdEvery`-th (index 0, holdEvery, …) credits `holder` with `amount` whole tokens, the
   * others a burn address. Built 100 to a transaction, so hundreds take seconds, not minutes.
   */
  deployBagTokens(count: number, holder: Address, holdEvery: number, amount: string): Promise<Address[]>;
  /**
   * An ERC-20 (decimals 18, the whole supply in whole tokens to the deployer) whose totalSupply
   * answers, reverts, or burns every bit of gas it is given (MisbehavingToken.sol); setTokenMode
   * switches it later.
   */
  deployMisbehavingToken(supply: string, mode: TokenMode): Promise<Address>;
  setTokenMode(token: Address, mode: TokenMode): Promise<void>;
  /**
   * Lists `count` plain ERC-20s (decimals 18, `supply` whole tokens each) with one pool each against
   * `base` on `factory`, holding `token` and `base` whole tokens, through MarketBuilder: one
   * transaction per 15 tokens instead of five per token.
   */
  listTokens(factory: Address, base: Address, count: number, amounts: { supply: string; token: string; base: string }): Promise<Address[]>;
  /** Sends whole tokens from the deployer, e.g. to a burn address. */
  transfer(token: Address, to: Address, amount: string): Promise<void>;
  /** Sends native PLS (an amount in whole PLS, decimals allowed) from the deployer. */
  sendPls(to: Address, amount: string): Promise<void>;
  /** A token with HEX's globals() layout and staking supply (HexLike.sol, decimals 8), the whole supply to the deployer. */
  deployHexLike(supply: string): Promise<Address>;
  /** Stakes whole tokens of a HexLike from the deployer (out of totalSupply, into lockedHeartsTotal); ends the stake with "end". */
  stakeHexLike(token: Address, amount: string | "end"): Promise<void>;
  stop(): Promise<void>;
};

type ChainOptions = {
  /**
   * "strict" answers a sent transaction before it is mined, so a transaction can stay pending (a
   * nonce gap, miner_stop); ganache's default "eager" answers only once it is mined.
   */
  instamine?: "eager" | "strict";
  /**
   * ganache runs in a process of its own (ganache-process.ts) unless this is false: a test runner's
   * process (jest's sandbox, node:test with Playwright) runs its EVM several times slower, and a
   * process of its own runs it on the other core while the test waits. Measured on the two chain
   * files pulsex-routing and bag-read-balances: 79 s together in a child, 165 s in jest's process.
   */
  inChildProcess?: boolean;
};

const ganacheOptions = (instamine: "eager" | "strict") => ({
  logging: { quiet: true },
  chain: { chainId: 369 },
  wallet: { deterministic: true, totalAccounts: 2, defaultBalance: 10_000_000_000 },
  // viem leaves gas to the node for its own accounts; ganache would otherwise cap at 90k.
  miner: { defaultTransactionGasLimit: "estimate", instamine },
} as const);

/** ganache in this process, or (inChildProcess) in a child of its own: its port, and how to stop it. */
async function startGanache(options: ChainOptions): Promise<{ port: number; close(): Promise<void> }> {
  const settings = ganacheOptions(options.instamine ?? "eager");
  if (!(options.inChildProcess ?? true)) {
    const server = ganache.server(settings);
    await server.listen(0, "127.0.0.1");
    return { port: (server.address() as { port: number }).port, close: () => server.close() };
  }
  const child = fork(path.join(process.cwd(), "tests/chain/ganache-process.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = new Promise<{ port: number }>((resolve, reject) => {
    child.once("message", (message) => resolve(message as { port: number }));
    void exited.then(() => reject(new Error("the ganache process exited before it listened")));
  });
  child.send(settings);
  const { port } = await ready;
  return {
    port,
    async close() {
      if (child.exitCode === null) child.send("stop");
      await exited;
    },
  };
}

export async function startLocalChain(options: ChainOptions = {}): Promise<LocalChain> {
  const artifacts = compileTestContracts();
  const server = await startGanache(options);
  const { port } = server;
  const rpcUrl = `http://127.0.0.1:${port}`;
  // Ganache mines each transaction inside its eth_sendTransaction: a batch of listings (24M gas)
  // can take longer than viem's 10 s default on a machine busy with other test files.
  const transport = () => http(rpcUrl, { timeout: 60_000 });
  const client = createPublicClient({ transport: transport() }) as PublicClient;
  const [deployer] = await createWalletClient({ transport: transport() }).getAddresses();
  const wallet = createWalletClient({ account: deployer!, transport: transport() });

  // Ganache's strict instamine, on a machine busy with other test files, now and then leaves a sent
  // transaction unmined (seen in tests/api/orders/order-scan-bounds.test.ts: a deployment waited out viem's
  // 180 s for its receipt): while a receipt is awaited, an empty block every 3 s mines it. A
  // transaction past a nonce gap still stays pending.
  const kicks = options.instamine === "strict" ? createTestClient({ mode: "ganache", transport: transport() }) : null;
  async function waitForReceipt(hash: Hex) {
    const kick = kicks ? setInterval(() => void kicks.mine({ blocks: 1 }).catch(() => {}), 3_000) : undefined;
    try {
      return await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    } finally {
      clearInterval(kick);
    }
  }

  // A revert says how much of its gas it used: all of it means out of gas, not a failed require.
  async function receiptOf(hash: Hex, what = "transaction") {
    const receipt = await waitForReceipt(hash);
    if (receipt.status === "success") return receipt;
    const { gas } = await client.getTransaction({ hash });
    throw new Error(`${what} ${hash} reverted (gas used ${receipt.gasUsed} of ${gas})`);
  }
  async function send(hash: Promise<Hex>): Promise<void> {
    await receiptOf(await hash);
  }
  async function deploy(artifact: Artifact, args: unknown[] = []): Promise<Address> {
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, chain: null });
    return getAddress((await receiptOf(hash)).contractAddress!);
  }
  const read = <T>(address: Address, abi: Abi, functionName: string, args: unknown[] = []) =>
    client.readContract({ address, abi, functionName, args }) as Promise<T>;
  let forwarder: Promise<Address> | undefined;
  const decimalsOf = (token: Address) => read<number>(token, artifacts.TestToken.abi, "decimals");
  // An explicit gas limit, not ganache's estimate: CI saw a Pair.sync revert once (refresh-on-chain,
  // a new pool) that never reproduced here. createPair, which deploys a pair, is the costliest write.
  const write = (address: Address, abi: Abi, functionName: string, args: unknown[] = [], value?: bigint) =>
    send(wallet.writeContract({ address, abi, functionName, args, value, chain: null, gas: WRITE_GAS }));

  const wpls = await deploy(artifacts.WPLS);
  await write(wpls, artifacts.WPLS.abi, "deposit", [], parseUnits("8000000000", 18));
  const dai = await deploy(artifacts.TestToken, ["Dai Stablecoin from Ethereum", "DAI", 18, parseUnits("1000000000", 18)]);
  const usdc = await deploy(artifacts.TestToken, ["USD Coin from Ethereum", "USDC", 6, parseUnits("1000000000", 6)]);
  const factoryV1 = await deploy(artifacts.Factory);
  const factoryV2 = await deploy(artifacts.Factory);
  const multicall3 = await deploy(artifacts.Multicall3);
  await placeAtCanonicalAddress(rpcUrl, client, multicall3);

  async function transfer(token: Address, to: Address, amount: string): Promise<void> {
    await write(token, artifacts.TestToken.abi, "transfer", [to, parseUnits(amount, await decimalsOf(token))]);
  }

  return {
    rpcUrl,
    client,
    contracts: { wpls, dai, usdc, factoryV1, factoryV2, multicall3 },
    async deployToken(name, symbol, decimals, supply) {
      return deploy(artifacts.TestToken, [name, symbol, decimals, parseUnits(supply, decimals)]);
    },
    async deployTokenSorted(name, symbol, decimals, supply, order, other) {
      for (let attempt = 0; attempt < 64; attempt++) {
        const address = await deploy(artifacts.TestToken, [name, symbol, decimals, parseUnits(supply, decimals)]);
        if ((BigInt(address) > BigInt(other)) === (order === "above")) return address;
      }
      throw new Error(`no address ${order} ${other} after 64 deployments`);
    },
    async addLiquidity(factory, tokenA, amountA, tokenB, amountB) {
      let pair = await read<Address>(factory, artifacts.Factory.abi, "getPair", [tokenA, tokenB]);
      if (BigInt(pair) === 0n) {
        await write(factory, artifacts.Factory.abi, "createPair", [tokenA, tokenB]);
        pair = await read<Address>(factory, artifacts.Factory.abi, "getPair", [tokenA, tokenB]);
      }
      await transfer(tokenA, pair, amountA);
      await transfer(tokenB, pair, amountB);
      await write(pair, artifacts.Pair.abi, "sync");
      return getAddress(pair);
    },
    async swap(factory, tokenIn, amountIn, tokenOut) {
      const pair = await read<Address>(factory, artifacts.Factory.abi, "getPair", [tokenIn, tokenOut]);
      if (BigInt(pair) === 0n) throw new Error(`no pair of ${tokenIn} and ${tokenOut} on ${factory}`);
      const [reserve0, reserve1] = await read<readonly [bigint, bigint, number]>(pair, artifacts.Pair.abi, "getReserves");
      const inIsToken0 = BigInt(tokenIn) < BigInt(tokenOut);
      const [reserveIn, reserveOut] = inIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0];
      const raw = parseUnits(amountIn, await decimalsOf(tokenIn));
      // UniswapV2Library.getAmountOut.
      const out = (raw * 997n * reserveOut) / (reserveIn * 1000n + raw * 997n);
      await write(tokenIn, artifacts.TestToken.abi, "transfer", [pair, raw]);
      await write(pair, artifacts.Pair.abi, "swap", [inIsToken0 ? 0n : out, inIsToken0 ? out : 0n, deployer!, "0x"]);
      return Number(out) / 10 ** (await decimalsOf(tokenOut));
    },
    async advanceTime(seconds) {
      const test = createTestClient({ mode: "ganache", transport: http(rpcUrl) });
      await test.increaseTime({ seconds });
      await test.mine({ blocks: 1 });
    },
    async forwardPls(to, value) {
      forwarder ??= deploy(artifacts.Forwarder);
      const hash = await wallet.writeContract({ address: await forwarder, abi: artifacts.Forwarder.abi, functionName: "forward", args: [to], value, chain: null });
      await receiptOf(hash);
      return hash;
    },
    deployRevertingToken: () => deploy(artifacts.RevertingToken),
    deployMisbehavingToken: (supply, mode) => deploy(artifacts.MisbehavingToken, [parseUnits(supply, 18), TOKEN_MODES[mode]]),
    deployGasBurningToken: () => deploy(artifacts.GasBurningToken),
    async deployBagTokens(count, holder, holdEvery, amount) {
      const builder = await deploy(artifacts.BagBenchBuilder);
      const tokens: Address[] = [];
      for (let first = 0; first < count; first += 100) {
        const size = Math.min(100, count - first);
        const hash = await wallet.writeContract({
          address: builder,
          abi: artifacts.BagBenchBuilder.abi,
          functionName: "build",
          args: [BigInt(size), BigInt(first), holder, BigInt(holdEvery), parseEther(amount)],
          chain: null,
          gas: 28_000_000n,
        });
        const receipt = await receiptOf(hash, "BagBenchBuilder.build");
        const [built] = parseEventLogs({ abi: artifacts.BagBenchBuilder.abi, logs: receipt.logs, eventName: "Built" }) as unknown as { args: { tokens: Address[] } }[];
        tokens.push(...built!.args.tokens.map((token) => getAddress(token)));
      }
      return tokens;
    },
    setTokenMode: (token, mode) => write(token, artifacts.MisbehavingToken.abi, "setMode", [TOKEN_MODES[mode]]),
    async listTokens(factory, base, count, amounts) {
      const builder = await deploy(artifacts.MarketBuilder);
      const baseRaw = parseUnits(amounts.base, await decimalsOf(base));
      await write(base, artifacts.TestToken.abi, "transfer", [builder, baseRaw * BigInt(count)]);
      const listing = { factory, base, decimals: 18, supply: parseUnits(amounts.supply, 18), tokenReserve: parseUnits(amounts.token, 18), baseReserve: baseRaw };
      const tokens: Address[] = [];
      // About 1.25M gas a listing: 15 a transaction stay under ganache's 30M block gas limit.
      for (let start = 0; start < count; start += 15) {
        const batch = new Array(Math.min(15, count - start)).fill(listing);
        const hash = await wallet.writeContract({ address: builder, abi: artifacts.MarketBuilder.abi, functionName: "build", args: [batch], chain: null, gas: 1_600_000n * BigInt(batch.length) });
        const receipt = await receiptOf(hash, "MarketBuilder.build");
        const listed = parseEventLogs({ abi: artifacts.MarketBuilder.abi, logs: receipt.logs, eventName: "Listed" }) as unknown as { args: { token: Address } }[];
        tokens.push(...listed.map((log) => getAddress(log.args.token)));
      }
      return tokens;
    },
    transfer,
    async sendPls(to, amount) {
      await send(wallet.sendTransaction({ to, value: parseEther(amount), chain: null }));
    },
    async deployHexLike(supply) {
      return deploy(artifacts.HexLike, ["HEX", "HEX", parseUnits(supply, 8)]);
    },
    async stakeHexLike(token, amount) {
      if (amount === "end") await write(token, artifacts.HexLike.abi, "stakeEnd");
      else await write(token, artifacts.HexLike.abi, "stakeStart", [parseUnits(amount, 8)]);
    },
    stop: () => server.close(),
  };
}

/**
 * The environment that points the app's PulseX reader (listing previews, listings, quotes) at
 * this chain, with DAI as the one stablecoin.
 */
export function pulseXReaderEnv(chain: LocalChain): Record<string, string> {
  const { wpls, dai, factoryV1, factoryV2, multicall3 } = chain.contracts;
  // Ganache runs in the test's own process, one request at a time: on a machine busy with other
  // test files, a few concurrent previews can wait longer than production's 8 s per answer.
  return { PULSECHAIN_RPC_URL: chain.rpcUrl, PULSECHAIN_RPC_TIMEOUT_MS: "30000", PULSEX_WPLS_ADDRESS: wpls, PULSEX_FACTORIES: `${factoryV1},${factoryV2}`, PULSEX_STABLECOINS: dai, MULTICALL3_ADDRESS: multicall3 };
}

/** Copies the deployed Multicall3's runtime code to the canonical address (ganache's evm_setAccountCode). */
async function placeAtCanonicalAddress(rpcUrl: string, client: PublicClient, multicall3: Address): Promise<void> {
  const code = await client.getCode({ address: multicall3 });
  if (!code) throw new Error(`no code at the deployed Multicall3 ${multicall3}`);
  await createTestClient({ mode: "ganache", transport: http(rpcUrl) }).setCode({ address: CANONICAL_MULTICALL3, bytecode: code });
}
