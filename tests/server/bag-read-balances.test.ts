// The bag page's balance reader against a real local chain (ganache, tokens deployed and sent for
// real from the funded deployer), through the recording RPC proxy: exact raw balances of PLS and
// of tokens with 18, 6 and 0 decimals, a token that reverts failing alone, one block number and
// every eth_call pinned to it, 500 calls at most per chunk, and page-ready errors when the RPC fails.
// Balances are worked out by hand from the amounts sent below.
import { BaseError, createPublicClient, custom, decodeFunctionData, encodeAbiParameters, encodeFunctionResult, getAddress, http, multicall3Abi, numberToHex, toFunctionSelector, type Address, type Hex, type PublicClient } from "viem";
import { BalanceReadError, readBalances, type BalanceOutcome, type BalanceTarget } from "@/lib/bag/read-balances";
import { CANONICAL_MULTICALL3 } from "@/lib/chain/aggregate3";
import { BURN_DEAD, startLocalChain, type LocalChain } from "../chain/local-chain";
import { SELECTORS, startRpcProxy, type RpcProxy } from "../chain/rpc-proxy";

jest.setTimeout(240_000);

// A fresh address: it never sends a transaction, so its PLS is exactly what it is sent.
const OWNER = getAddress("0x00000000000000000000000000000000b0bb0bb0");

let chain: LocalChain;
let proxy: RpcProxy;
let targets: BalanceTarget[];
let expected: BalanceOutcome[];

beforeAll(async () => {
  chain = await startLocalChain();
  proxy = await startRpcProxy(chain.rpcUrl);
  const eighteen = await chain.deployToken("Eighteen", "EIGHT", 18, "1000000");
  const six = await chain.deployToken("Six", "SIX", 6, "1000000");
  const zero = await chain.deployToken("Zero", "ZERO", 0, "1000");
  const none = await chain.deployToken("None Held", "NONE", 18, "1000");
  const reverting = await chain.deployRevertingToken();

  await chain.sendPls(OWNER, "3.25");
  await chain.transfer(eighteen, OWNER, "1000");
  await chain.transfer(eighteen, OWNER, "234.5");
  await chain.transfer(six, OWNER, "42.123456");
  await chain.transfer(zero, OWNER, "7");

  targets = [{ address: null }, { address: eighteen }, { address: six }, { address: zero }, { address: none }, { address: reverting }];
  expected = [
    // 3.25 PLS = 3.25 x 10^18 wei.
    { status: "ok", raw: 3_250_000_000_000_000_000n },
    // 1,000 + 234.5 = 1,234.5 tokens x 10^18.
    { status: "ok", raw: 1_234_500_000_000_000_000_000n },
    // 42.123456 x 10^6.
    { status: "ok", raw: 42_123_456n },
    { status: "ok", raw: 7n },
    { status: "ok", raw: 0n },
    { status: "failed", reason: "balanceOf reverted" },
  ];
});

afterAll(async () => {
  await proxy?.stop();
  await chain?.stop();
});

beforeEach(() => {
  proxy.requests.length = 0;
  proxy.refuseCallsContaining = null;
});

/**
 * A client like the page's: plain http to the RPC, no retries (a retry would be a request more).
 * ganache runs eth_calls one at a time at several ms per inner call, so on a busy machine the
 * third 500-call chunk waits well past viem's 10 s default: the long timeout keeps the tests
 * about what they test.
 */
const client = (url = proxy.url, onBody?: (body: string) => void): PublicClient =>
  createPublicClient({ transport: http(url, { retryCount: 0, timeout: 180_000, onFetchRequest: (_request, init) => void onBody?.(String(init.body)) }) }) as PublicClient;

const ethCalls = () => proxy.requests.filter((request) => request.method === "eth_call");

test("reads PLS and each token's raw balance at one block through the canonical Multicall3; the reverting token fails alone", async () => {
  const bodies: { method: string; params: unknown[] }[] = [];
  const read = await readBalances(client(proxy.url, (body) => bodies.push(JSON.parse(body))), OWNER, targets);

  expect(read.balances).toEqual(expected);
  expect(read.blockNumber).toBe(await chain.client.getBlockNumber());
  expect(proxy.requests.map((request) => request.method)).toEqual(["eth_blockNumber", "eth_call"]);
  const [call] = ethCalls();
  expect(call!.block).toBe(numberToHex(read.blockNumber));
  // No multicall3 option: the aggregate3 goes to the canonical address, and PLS is its getEthBalance.
  expect(CANONICAL_MULTICALL3).toBe("0xcA11bde05977b3631167028862bE2a173976CA11");
  expect(getAddress((bodies[1]!.params[0] as { to: Address }).to)).toBe(CANONICAL_MULTICALL3);
  expect(call!.calls!.map((inner) => [getAddress(inner.target), inner.selector])).toEqual([
    [CANONICAL_MULTICALL3, toFunctionSelector("getEthBalance(address)")],
    ...targets.slice(1).map((target) => [target.address, SELECTORS.balanceOf]),
  ]);
});

test("an address with no contract answers nothing, which is a failed token and not a zero balance", async () => {
  const read = await readBalances(client(), OWNER, [{ address: chain.contracts.dai }, { address: BURN_DEAD }]);
  expect(read.balances).toEqual([
    { status: "ok", raw: 0n },
    { status: "failed", reason: "balanceOf answered something that is not a balance" },
  ]);
});

test("1,201 targets: one eth_blockNumber, then 3 eth_calls of at most 500 calls, all pinned to that block", async () => {
  const many = Array.from({ length: 1_201 }, (_, i) => targets[i % targets.length]!);
  const read = await readBalances(client(), OWNER, many);

  expect(read.balances).toEqual(many.map((_, i) => expected[i % expected.length]));
  expect(proxy.requests).toHaveLength(4);
  expect(proxy.requests[0]!.method).toBe("eth_blockNumber");
  const calls = ethCalls();
  expect(calls).toHaveLength(3);
  expect(calls.map((call) => call.block)).toEqual(Array(3).fill(numberToHex(read.blockNumber)));
  expect(calls.map((call) => call.calls!.length).sort((a, b) => b - a)).toEqual([500, 500, 201]);
});

test("a chunk the RPC refuses fails the whole read with step 'balances', and no further chunk is started", async () => {
  proxy.refuseCallsContaining = SELECTORS.balanceOf.slice(2);
  const many = Array.from({ length: 1_201 }, (_, i) => targets[i % targets.length]!);
  const error = await readBalances(client(), OWNER, many, { maxCalls: 100 }).catch((caught: unknown) => caught);

  expect(error).toBeInstanceOf(BalanceReadError);
  expect((error as BalanceReadError).step).toBe("balances");
  // viem's one-line summary for the page; the node's own words stay in the cause.
  expect((error as BalanceReadError).message).toMatch(/^Couldn't read balances at block \d+ from the PulseChain RPC: Missing or invalid parameters\. Double check/);
  expect(((error as BalanceReadError).cause as BaseError).details).toBe("proxy: refused on purpose");
  // 13 chunks planned; the first 4 go out together and fail, the other 9 are never sent.
  expect(ethCalls()).toHaveLength(4);
  expect(ethCalls().every((call) => call.refused)).toBe(true);
});

test("a dead RPC fails at step 'block-number' with a message fit for the page", async () => {
  const error = await readBalances(client("http://127.0.0.1:9/"), OWNER, targets).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BalanceReadError);
  expect((error as BalanceReadError).step).toBe("block-number");
  expect((error as BalanceReadError).message).toMatch(/^Couldn't read the latest block from the PulseChain RPC: \S/);
});

test("5,001 targets (5,000 tokens and PLS) make 12 requests: 1 eth_blockNumber and 11 eth_calls, at most 4 in flight", async () => {
  // A scripted node (no chain): every inner call answers its own index, after a short wait so
  // chunks overlap.
  const methods: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const chunkSizes: number[] = [];
  const node = createPublicClient({
    transport: custom({
      async request({ method, params }: { method: string; params: unknown[] }) {
        methods.push(method);
        if (method === "eth_blockNumber") return "0x2a";
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight--;
        const [{ data }, block] = params as [{ data: Hex }, string];
        expect(block).toBe("0x2a");
        const inner = decodeFunctionData({ abi: multicall3Abi, data }).args[0] as readonly unknown[];
        chunkSizes.push(inner.length);
        const results = inner.map((_, i) => ({ success: true, returnData: encodeAbiParameters([{ type: "uint256" }], [BigInt(i)]) }));
        return encodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", result: results });
      },
    }),
  }) as PublicClient;
  const token = getAddress("0x00000000000000000000000000000000000070ce");
  const many: BalanceTarget[] = [{ address: null }, ...Array.from({ length: 5_000 }, () => ({ address: token }))];

  const read = await readBalances(node, OWNER, many);

  expect(methods).toEqual(["eth_blockNumber", ...Array(11).fill("eth_call")]);
  expect(chunkSizes.sort((a, b) => b - a)).toEqual([...Array(10).fill(500), 1]);
  expect(maxInFlight).toBe(4);
  expect(read.blockNumber).toBe(42n);
  expect(read.balances[500]).toEqual({ status: "ok", raw: 0n });
  expect(read.balances[5_000]).toEqual({ status: "ok", raw: 0n });
  expect(read.balances[4_999]).toEqual({ status: "ok", raw: 499n });
});
