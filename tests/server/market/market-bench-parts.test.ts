// The market bench's parts that touch real things: MarketBuilder (the contract that lists many
// tokens with pools per transaction) on the local ganache chain, and the statement-counting
// Prisma client on a real migrated database file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createWalletClient, erc20Abi, getAddress, http, parseEventLogs, parseUnits, type Abi, type Address } from "viem";
import { migrateDatabase } from "@/lib/db/migrate";
import { compileTestContracts } from "@/tests/chain/compile";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { createCountingPrismaClient } from "@/tests/bench/market/counting-prisma";

jest.setTimeout(60_000);

describe("MarketBuilder", () => {
  let chain: LocalChain;
  beforeAll(async () => {
    chain = await startLocalChain();
  });
  afterAll(() => chain?.stop());

  it("deploys each token, creates its pair on the factory asked and fills both reserves", async () => {
    const { client, rpcUrl, contracts } = chain;
    const artifacts = compileTestContracts();
    const [account] = await createWalletClient({ transport: http(rpcUrl) }).getAddresses();
    const wallet = createWalletClient({ account: account!, transport: http(rpcUrl) });
    const receiptOf = (hash: `0x${string}`) => client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    const deployed = await receiptOf(await wallet.deployContract({ ...artifacts.MarketBuilder, chain: null }));
    const builder = getAddress(deployed.contractAddress!);
    await chain.transfer(contracts.wpls, builder, "500");
    await chain.transfer(contracts.dai, builder, "70");

    const listings = [
      // 8 decimals: 1,000 minted, 100 in a V2 pool against 500 WPLS.
      { factory: contracts.factoryV2, base: contracts.wpls, decimals: 8, supply: parseUnits("1000", 8), tokenReserve: parseUnits("100", 8), baseReserve: parseUnits("500", 18) },
      // 18 decimals: 10 minted, 4 in a V1 pool against 70 DAI.
      { factory: contracts.factoryV1, base: contracts.dai, decimals: 18, supply: parseUnits("10", 18), tokenReserve: parseUnits("4", 18), baseReserve: parseUnits("70", 18) },
    ];
    const built = await receiptOf(await wallet.writeContract({ address: builder, abi: artifacts.MarketBuilder.abi, functionName: "build", args: [listings], chain: null }));
    expect(built.status).toBe("success");
    const tokens = (parseEventLogs({ abi: artifacts.MarketBuilder.abi, logs: built.logs, eventName: "Listed" }) as unknown as { args: { token: Address; pair: Address } }[]).map(({ args }) => args);
    expect(tokens).toHaveLength(2);

    const read = <T>(address: Address, abi: Abi, functionName: string, args: unknown[] = []) => client.readContract({ address, abi, functionName, args }) as Promise<T>;
    for (const [i, listing] of listings.entries()) {
      const { token, pair } = tokens[i]!;
      expect(await read<Address>(listing.factory, artifacts.Factory.abi, "getPair", [token, listing.base])).toBe(pair);
      expect(await read<number>(token, erc20Abi, "decimals")).toBe(listing.decimals);
      expect(await read<bigint>(token, erc20Abi, "totalSupply")).toBe(listing.supply);
      const [reserve0, reserve1] = await read<[bigint, bigint, number]>(pair, artifacts.Pair.abi, "getReserves");
      const tokenIsFirst = (await read<Address>(pair, artifacts.Pair.abi, "token0")) === token;
      expect(tokenIsFirst ? [reserve0, reserve1] : [reserve1, reserve0]).toEqual([listing.tokenReserve, listing.baseReserve]);
      // What is not in the pool stays with the builder: 1,000 - 100 and 10 - 4 whole tokens.
      expect(await read<bigint>(token, erc20Abi, "balanceOf", [builder])).toBe(i === 0 ? parseUnits("900", 8) : parseUnits("6", 18));
    }
  });
});

describe("createCountingPrismaClient", () => {
  let dir: string;
  let url: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "counting-prisma-"));
    url = `file:${path.join(dir, "test.db")}`;
    await migrateDatabase({ url });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("counts every statement that reaches the driver, those inside a transaction too", async () => {
    const { db, counts } = createCountingPrismaClient(url);
    try {
      await db.coin.findMany(); // 1 statement
      expect(counts).toEqual({ statements: 1, transactions: 0 });
      const coin = { symbol: "T", name: "T", currentPrice: 1, marketCap: 1, rank: 1, chain: "pulsechain" };
      // Two writes in one transaction: 2 statements, 1 transaction.
      await db.$transaction([db.coin.create({ data: { ...coin, id: "a" } }), db.coin.create({ data: { ...coin, id: "b" } })]);
      expect(counts.transactions).toBe(1);
      expect(counts.statements).toBe(3);
      expect(await db.coin.count()).toBe(2); // and the writes happened
    } finally {
      await db.$disconnect();
    }
  });
});
