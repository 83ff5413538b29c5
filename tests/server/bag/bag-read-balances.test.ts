// The bag page's balance reader against a real local chain (ganache, tokens deployed and sent for
// real from the funded deployer), through the recording RPC proxy: exact raw balances of PLS and
// of tokens with 18, 6 and 0 decimals, a token that reverts and one whose balanceOf burns gas
// failing alone (each call has its own gas cap: the shared capped multicall), one block number and
// every eth_call pinned to it, 500 calls at most per chunk, a refused chunk halved and retried
// (twice at most), a node that ignores state overrides read through Multicall3's aggregate3, and
// page-ready errors in plain words when the RPC fails. Balances are worked out by hand from the
// amounts sent below.
import { BaseError, createPublicClient, custom, decodeFunctionData, encodeAbiParameters, encodeFunctionResult, getAddress, http, numberToHex, toFunctionSelector, type Address, type Hex, type PublicClient } from "viem";
import { BalanceReadError, readBalances, type BalanceOutcome, type BalanceTarget } from "@/lib/bag/read-balances";
import { CANONICAL_MULTICALL3 } from "@/lib/chain/aggregate3";
import { CAPPED_MULTICALL_ADDRESS, cappedMulticallAbi } from "@/lib/chain/capped-multicall";
import { BURN_DEAD, startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { SELECTORS, startRpcProxy, type RpcProxy } from "@/tests/chain/rpc-proxy";

jest.setTimeout(240_000);

// A fresh address: it never sends a transaction, so its PLS is exactly what it is sent.
const OWNER = getAddress("0x00000000000000000000000000000000b0bb0bb0");

let chain: LocalChain;
let proxy: RpcProxy;
let targets: BalanceTarget[];
let expected: BalanceOutcome[];
let burner: Address;
let reverting: Address;
let eighteen: Address;

beforeAll(async () => {
  chain = await startLocalChain();
  proxy = await startRpcProxy(chain.rpcUrl);
  eighteen = await chain.deployToken("Eighteen", "EIGHT", 18, "1000000");
  const six = await chain.deployToken("Six", "SIX", 6, "1000000");
  const zero = await chain.deployToken("Zero", "ZERO", 0, "1000");
  const none = await chain.deployToken("None Held", "NONE", 18, "1000");
  reverting = await chain.deployRevertingToken();
  burner = await chain.deployGasBurningToken();

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
  proxy.refuseCallsOver = null;
  proxy.ignoreStateOverrides = false;
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

test("reads PLS and each token's raw balance at one block through the capped multicall; the reverting token fails alone, asked once more", async () => {
  const bodies: { method: string; params: unknown[] }[] = [];
  const read = await readBalances(client(proxy.url, (body) => bodies.push(JSON.parse(body))), OWNER, targets);

  expect(read.balances).toEqual(expected);
  expect(read.blockNumber).toBe(await chain.client.getBlockNumber());
  // The chunk, then the reverting token once more with 1,000,000 gas of its own (as the refresh pass does).
  expect(proxy.requests.map((request) => request.method)).toEqual(["eth_blockNumber", "eth_call", "eth_call"]);
  const [call, again] = ethCalls();
  expect([call!.block, again!.block]).toEqual([numberToHex(read.blockNumber), numberToHex(read.blockNumber)]);
  expect(again!.calls!.map((inner) => getAddress(inner.target))).toEqual([reverting]);
  // The capped multicall's code rides along as a state override; PLS is the canonical Multicall3's getEthBalance.
  expect(CANONICAL_MULTICALL3).toBe("0xcA11bde05977b3631167028862bE2a173976CA11");
  expect(getAddress((bodies[1]!.params[0] as { to: Address }).to)).toBe(CAPPED_MULTICALL_ADDRESS);
  expect(Object.keys(bodies[1]!.params[2] as object).map((address) => getAddress(address))).toEqual([CAPPED_MULTICALL_ADDRESS]);
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

test("1,201 targets: one eth_blockNumber, then 3 eth_calls of at most 500 calls, and 2 more for 58 of the 200 reverting calls, all pinned to that block", async () => {
  const many = Array.from({ length: 1_201 }, (_, i) => targets[i % targets.length]!);
  const read = await readBalances(client(), OWNER, many);

  expect(read.balances).toEqual(many.map((_, i) => expected[i % expected.length]));
  expect(proxy.requests).toHaveLength(6);
  expect(proxy.requests[0]!.method).toBe("eth_blockNumber");
  const calls = ethCalls();
  expect(calls).toHaveLength(5);
  expect(calls.map((call) => call.block)).toEqual(Array(5).fill(numberToHex(read.blockNumber)));
  // Second askings get 1,000,000 gas each: 29 fit a chunk's 30M, and a read asks at most two chunks' worth.
  expect(calls.map((call) => call.calls!.length)).toEqual([500, 500, 201, 29, 29]);
});

test("a token whose balanceOf burns all its gas and one that reverts, among 500: both are named, every other balance is read", async () => {
  // PLS, then 498 tokens in order; the burner at 100 and the reverting token at 300, the owner's
  // 1,234.5 EIGHT before, between and after them.
  const many: BalanceTarget[] = [{ address: null }, ...Array.from({ length: 498 }, (_, i) => ({ address: i === 99 ? burner : i === 299 ? reverting : eighteen }))];
  const read = await readBalances(client(), OWNER, many);

  expect(read.balances[100]).toEqual({ status: "failed", reason: "balanceOf ran out of gas" });
  expect(read.balances[300]).toEqual({ status: "failed", reason: "balanceOf reverted" });
  const others = read.balances.filter((_, i) => i !== 100 && i !== 300);
  expect(others).toEqual([expected[0], ...Array(496).fill(expected[1])]);
  // One chunk of 499, then the two asked once more: the burner spends its own 1,000,000 and no more.
  expect(ethCalls().map((call) => call.calls!.length)).toEqual([499, 2]);
});

test("a chunk the RPC refuses for its size is halved and read", async () => {
  // A node that refuses requests of over 300 calls: the 500-call chunk is read as two of 250.
  proxy.refuseCallsOver = 300;
  const many: BalanceTarget[] = [{ address: null }, ...Array.from({ length: 500 }, () => ({ address: eighteen }))];
  const read = await readBalances(client(), OWNER, many);

  expect(read.balances).toEqual([expected[0], ...Array(500).fill(expected[1])]);
  const calls = ethCalls();
  expect(calls.map((call) => [call.calls!.length, call.refused]).sort((a, b) => Number(b[0]) - Number(a[0]))).toEqual([
    [500, true],
    [250, false],
    [250, false],
    [1, false],
  ]);
});

test("a node that ignores state overrides: the capped multicall answers nothing, and the bag is read through Multicall3's aggregate3", async () => {
  proxy.ignoreStateOverrides = true;
  // 1,001 targets in 11 chunks of at most 100: the 4 first in flight find out, every later chunk goes straight to aggregate3.
  const many = Array.from({ length: 1_001 }, (_, i) => targets[i % (targets.length - 1)]!);
  const read = await readBalances(client(), OWNER, many, { maxCalls: 100 });

  expect(read.balances).toEqual(many.map((_, i) => expected[i % (expected.length - 1)]));
  const calls = ethCalls();
  const capped = calls.filter((call) => call.to === CAPPED_MULTICALL_ADDRESS.toLowerCase());
  const plain = calls.filter((call) => call.to === CANONICAL_MULTICALL3.toLowerCase());
  expect(capped.length).toBeGreaterThanOrEqual(1);
  expect(capped.length).toBeLessThanOrEqual(4);
  expect(plain).toHaveLength(11);
  expect(calls).toHaveLength(capped.length + plain.length);
});

test("a chunk the RPC still refuses after two halvings fails the whole read with step 'balances', in words, and no further chunk is started", async () => {
  proxy.refuseCallsContaining = SELECTORS.balanceOf.slice(2);
  const single = await readBalances(client(), OWNER, targets).catch((caught: unknown) => caught);
  expect(single).toBeInstanceOf(BalanceReadError);
  expect((single as BalanceReadError).step).toBe("balances");
  // What the node said, not viem's "Missing or invalid parameters. Double check ...".
  expect((single as BalanceReadError).message).toBe(
    `Couldn't read balances at block ${await chain.client.getBlockNumber()} from the PulseChain RPC: it refused the request ("proxy: refused on purpose"), also when asked in smaller parts. Try again in a minute.`,
  );
  expect(((single as BalanceReadError).cause as BaseError).details).toBe("proxy: refused on purpose");
  // 6 calls: the chunk, its first half (3), that half's first half (2); then the read gives up.
  expect(ethCalls().map((call) => call.calls!.length)).toEqual([6, 3, 2]);

  proxy.requests.length = 0;
  const many = Array.from({ length: 1_201 }, (_, i) => targets[i % targets.length]!);
  const error = await readBalances(client(), OWNER, many, { maxCalls: 100 }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BalanceReadError);
  // 13 chunks planned; the first 4 go out together and fail, each halved twice at most (7
  // requests each at most); once one has failed for good, no new chunk is sent.
  expect(ethCalls().length).toBeGreaterThanOrEqual(4 + 2);
  expect(ethCalls().length).toBeLessThanOrEqual(4 * 7);
  expect(ethCalls().every((call) => call.refused)).toBe(true);
  expect(ethCalls().filter((call) => call.calls!.length === 100)).toHaveLength(4);
});

test("a dead RPC fails at step 'block-number' with a message fit for the page", async () => {
  const error = await readBalances(client("http://127.0.0.1:9/"), OWNER, targets).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BalanceReadError);
  expect((error as BalanceReadError).step).toBe("block-number");
  expect((error as BalanceReadError).message).toBe("Couldn't read the latest block from the PulseChain RPC: it could not be reached.");
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
        const inner = decodeFunctionData({ abi: cappedMulticallAbi, data }).args[0] as readonly unknown[];
        chunkSizes.push(inner.length);
        const results = inner.map((_, i) => ({ status: 0, gasUsed: 3_000n, returnData: encodeAbiParameters([{ type: "uint256" }], [BigInt(i)]) }));
        return encodeFunctionResult({ abi: cappedMulticallAbi, functionName: "run", result: [1n, results] });
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
