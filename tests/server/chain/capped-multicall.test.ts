// The capped multicall on a real local EVM (ganache, contracts compiled by solc-js and deployed
// for real): every call runs with a gas cap of its own, so a token whose totalSupply burns gas or
// reverts fails its own slot and every call after it in the chunk answers; a failed call is asked
// once more with 1,000,000 gas of its own (a costly but honest token answers then); and a chunk's
// gas stays within the bound its plan counts on, even when every call burns its whole cap.
import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, type Address, type Hex, type PublicClient } from "viem";
import { CAPPED_MULTICALL_ADDRESS, cappedMulticall, encodeCappedCalls, type CappedCall } from "@/lib/chain/capped-multicall";
import { CAPPED_MULTICALL_CODE } from "@/lib/chain/capped-multicall-code";
import { CHUNK_OVERHEAD_GAS, GAS_PER_CALL, MAX_GAS_PER_CHUNK, RETRY_GAS, chunkGas } from "@/lib/chain/chunks";
import { createPulseChainClient } from "@/lib/market/onchain/client.server";
import { readCalls, type ChainCall } from "@/lib/chain/read-calls";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";

// Listing 300 tokens takes ganache over two minutes on a busy 2-core machine.
jest.setTimeout(600_000);

let chain: LocalChain;
let burner: Address; // totalSupply loops until its gas runs out
let reverter: Address; // totalSupply reverts
let costly: Address; // totalSupply answers after spending 100,000 gas
let plain: Address[]; // 300 ordinary ERC-20s

beforeAll(async () => {
  chain = await startLocalChain();
  burner = await chain.deployMisbehavingToken("1000", "burns-gas");
  reverter = await chain.deployMisbehavingToken("1000", "reverts");
  costly = await chain.deployMisbehavingToken("1234", "expensive");
  plain = await chain.listTokens(chain.contracts.factoryV1, chain.contracts.wpls, 300, { supply: "1000000", token: "1000", base: "1" });
});

afterAll(() => chain?.stop());

const totalSupply = (address: Address, gas: number = GAS_PER_CALL.token): ChainCall => ({ address, abi: erc20Abi, functionName: "totalSupply", gas });

test("a token that burns gas and one that reverts fail their own slots; the 300 calls after them in the same chunk answer, and each is asked once more with its own 1,000,000 gas", async () => {
  const ethCalls: string[] = [];
  const client = createPulseChainClient(chain.rpcUrl, {
    retries: 0,
    timeoutMs: 60_000,
    onFetchRequest: (request) => void request.clone().json().then((body: { method: string }) => ethCalls.push(body.method)),
  });
  const calls = [totalSupply(burner), totalSupply(reverter), totalSupply(costly), ...plain.map((token) => totalSupply(token))];
  const blockNumber = await chain.client.getBlockNumber();
  // One chunk, never halved: the 300 share their eth_call with the two.
  const outcomes = await readCalls(client, calls, { blockNumber, maxCalls: 1_000, bisections: 0 });

  expect(outcomes[0]).toEqual({ status: "reverted", detail: "ran out of gas with 40,000 gas and again with 1,000,000 of its own", cause: "out of gas" });
  expect(outcomes[1]).toEqual({ status: "reverted", detail: "reverted with 40,000 gas and again with 1,000,000 of its own", cause: "reverted" });
  // Over its 40,000 the first time; with 1,000,000 of its own it answers.
  expect(outcomes[2]).toEqual({ status: "ok", value: 1234n * 10n ** 18n });
  expect(outcomes.slice(3)).toEqual(plain.map(() => ({ status: "ok", value: 1_000_000n * 10n ** 18n })));
  // One chunk for all 303 calls, then one for the three asked again.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(ethCalls).toEqual(["eth_call", "eth_call"]);
});

test("a call answered with garbage is not asked again: it did not lack gas", async () => {
  const client = createPulseChainClient(chain.rpcUrl, { retries: 0 });
  // An address with no code answers an empty success: not a number.
  const [outcome] = await readCalls(client, [totalSupply(`0x${"5".repeat(40)}`)], { blockNumber: await chain.client.getBlockNumber() });
  expect(outcome).toEqual({ status: "reverted", detail: "answered data that does not decode as its ABI says with 40,000 gas", cause: "undecodable" });
});

describe("the gas of a chunk", () => {
  // ganache runs a chunk of loops to their last gas slowly: seconds, not viem's default 10 s bound.
  const slowClient = () => createPublicClient({ transport: http(chain.rpcUrl, { timeout: 120_000 }) }) as PublicClient;
  const gasOf = async (calls: CappedCall[]) => {
    // Replayed as a transaction to the same code at the same address: the receipt's gas is what the eth_call used.
    await createTestClient({ mode: "ganache", transport: http(chain.rpcUrl) }).setCode({ address: CAPPED_MULTICALL_ADDRESS, bytecode: CAPPED_MULTICALL_CODE });
    const wallet = createWalletClient({ transport: http(chain.rpcUrl, { timeout: 120_000 }) });
    const [account] = await wallet.getAddresses();
    const hash = await wallet.sendTransaction({ account: account!, to: CAPPED_MULTICALL_ADDRESS, data: encodeCappedCalls(calls) as Hex, gas: BigInt(MAX_GAS_PER_CHUNK), chain: null });
    const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 120_000 });
    expect(receipt.status).toBe("success");
    return Number(receipt.gasUsed);
  };
  const bound = (calls: CappedCall[]) => calls.reduce((sum, call) => sum + chunkGas(call.gas), CHUNK_OVERHEAD_GAS);

  // ganache runs gas-burning loops at a few hundred thousand gas a second, so these burn small caps.
  test("500 calls that each burn their whole cap stay within the planned bound (cap + overhead per call)", async () => {
    const calls = Array.from({ length: 500 }, () => totalSupply(burner, 5_000));
    const { outcomes } = await cappedMulticall(slowClient(), calls, { blockNumber: await chain.client.getBlockNumber(), gas: MAX_GAS_PER_CHUNK });
    expect(outcomes.every((outcome) => outcome.status === "failed" && outcome.cause === "out of gas")).toBe(true);
    const used = await gasOf(calls);
    expect(used).toBeGreaterThan(500 * 5_000);
    expect(used).toBeLessThanOrEqual(bound(calls));
    // At the production caps the bound of a full chunk of token calls is under the eth_call's 30M.
    expect(bound(Array.from({ length: 500 }, () => totalSupply(burner)))).toBeLessThan(MAX_GAS_PER_CHUNK);
  });

  test("a call the gas left cannot give its whole cap is not run, rather than run with less", async () => {
    const calls = Array.from({ length: 3 }, () => totalSupply(burner, RETRY_GAS));
    const { outcomes } = await cappedMulticall(slowClient(), calls, { blockNumber: await chain.client.getBlockNumber(), gas: 2_200_000 });
    expect(outcomes).toEqual([
      { status: "failed", cause: "out of gas", gas: RETRY_GAS },
      { status: "failed", cause: "out of gas", gas: RETRY_GAS },
      { status: "not run" },
    ]);
  });
});
