// The market bench's pure parts (tests/bench/market): reading the recorded RPC requests, the
// market plan's arithmetic and the goal rows. Expected values are worked out by hand here.
import { encodeFunctionData, multicall3Abi, erc20Abi, type Address } from "viem";
import { CAPPED_MULTICALL_ADDRESS, encodeCappedCalls } from "@/lib/chain/capped-multicall";
import { RETRY_GAS } from "@/lib/chain/chunks";
import { analyseRpcLog, busyMs, describeMethods } from "@/tests/bench/market/rpc-log";
import { BASE_DECIMALS, BASE_USD, planMarket, rawUnits } from "@/tests/bench/market/market-plan";
import { marketGoalRows, type PassWithGas } from "@/tests/bench/market/market-report";

const MULTICALL: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";
const TOKEN: Address = "0x1111111111111111111111111111111111111111";

const aggregate3 = (calls: number) =>
  encodeFunctionData({
    abi: multicall3Abi,
    functionName: "aggregate3",
    args: [Array.from({ length: calls }, () => ({ target: TOKEN, allowFailure: true, callData: encodeFunctionData({ abi: erc20Abi, functionName: "decimals" }) }))],
  });
const body = (id: number, method: string, params: unknown[] = []) => ({ jsonrpc: "2.0", id, method, params });
const decimalsCall = (gas: number) => ({ address: TOKEN, abi: erc20Abi, functionName: "decimals", gas });

describe("analyseRpcLog", () => {
  const requests = [
    { body: JSON.stringify(body(1, "eth_chainId")), errors: [], startMs: 0, endMs: 1 },
    { body: JSON.stringify(body(2, "eth_call", [{ to: MULTICALL.toLowerCase(), data: aggregate3(3) }, "latest"])), errors: [], startMs: 0, endMs: 1 },
    // The same chunk again (a retry gets a new id): one repeat, and it failed.
    { body: JSON.stringify(body(3, "eth_call", [{ to: MULTICALL, data: aggregate3(3) }, "latest"])), errors: ["out of gas"], startMs: 0, endMs: 1 },
    { body: JSON.stringify(body(4, "eth_call", [{ to: MULTICALL, data: aggregate3(7) }, "0x10"])), errors: [], startMs: 0, endMs: 1 },
    // The refresh pass's chunk: the capped multicall, one call asked a second time with 1M gas.
    { body: JSON.stringify(body(8, "eth_call", [{ to: CAPPED_MULTICALL_ADDRESS, data: encodeCappedCalls([decimalsCall(40_000), decimalsCall(RETRY_GAS)]) }, "0x11"])), errors: [], startMs: 0, endMs: 1 },
    // An eth_call to another contract is not a chunk.
    { body: JSON.stringify(body(5, "eth_call", [{ to: TOKEN, data: "0x313ce567" }, "latest"])), errors: [], startMs: 0, endMs: 1 },
    // A JSON-RPC batch: one HTTP request, two calls.
    { body: JSON.stringify([body(6, "eth_blockNumber"), body(7, "eth_chainId")]), errors: [], startMs: 0, endMs: 1 },
  ];
  const figures = analyseRpcLog(requests, MULTICALL);

  it("counts HTTP requests apart from JSON-RPC calls, and methods by name", () => {
    expect(figures.httpRequests).toBe(7);
    expect(figures.jsonRpcCalls).toBe(8); // 6 single + 2 in the batch
    expect(describeMethods(figures.byMethod)).toBe("eth_call 5, eth_chainId 2, eth_blockNumber 1");
  });

  it("decodes each chunk's calls (the capped multicall's and Multicall3's), keeps where it went, its block and whether it failed", () => {
    expect(figures.chunks.map(({ to, calls, block, failed }) => ({ to, calls, block, failed }))).toEqual([
      { to: MULTICALL.toLowerCase(), calls: 3, block: "latest", failed: null },
      { to: MULTICALL.toLowerCase(), calls: 3, block: "latest", failed: "out of gas" },
      { to: MULTICALL.toLowerCase(), calls: 7, block: "0x10", failed: null },
      { to: CAPPED_MULTICALL_ADDRESS.toLowerCase(), calls: 2, block: "0x11", failed: null },
    ]);
    expect(figures.secondAskings).toBe(1);
  });

  it("counts errors by message and repeated calls", () => {
    expect([...figures.errors]).toEqual([["out of gas", 1]]);
    expect(figures.repeats).toBe(1);
  });
});

describe("busyMs", () => {
  it("counts overlapping requests once and gaps not at all", () => {
    // [0,10] and [5,20] overlap: 20 ms; [30,35]: 5 ms; [31,32] inside it: nothing more; unanswered: ignored.
    const requests = [
      { startMs: 5, endMs: 20 },
      { startMs: 0, endMs: 10 },
      { startMs: 30, endMs: 35 },
      { startMs: 31, endMs: 32 },
      { startMs: 40, endMs: Number.NaN },
    ];
    expect(busyMs(requests)).toBe(25);
  });
});

describe("the bench market plan", () => {
  it("turns whole tokens into raw units exactly", () => {
    expect(rawUnits(1.5, 18)).toBe(1_500_000_000_000_000_000n);
    expect(rawUnits(2.5, 8)).toBe(250_000_000n);
    expect(rawUnits(0.0000012, 6)).toBe(1n); // below one raw unit rounds down
  });

  const plan = planMarket(2000);

  it("is the same market on every run", () => {
    expect(planMarket(2000)).toEqual(plan);
  });

  it("puts the planned dollars on both sides of each pool, and keeps reserves in uint112", () => {
    for (const token of plan) {
      const tokenSideUsd = (Number(token.tokenReserve) / 10 ** token.decimals) * token.priceUsd;
      const baseSideUsd = (Number(token.baseReserve) / 10 ** BASE_DECIMALS[token.base]) * BASE_USD[token.base];
      expect(tokenSideUsd / token.baseSideUsd).toBeCloseTo(1, 4);
      expect(baseSideUsd / token.baseSideUsd).toBeCloseTo(1, 4);
      expect(token.supply).toBeGreaterThanOrEqual(token.tokenReserve * 2n);
      expect(token.tokenReserve < 2n ** 112n && token.baseReserve < 2n ** 112n).toBe(true);
    }
  });

  it("pairs most tokens with WPLS and some with DAI and HEX, on both factories", () => {
    const share = (test: (token: (typeof plan)[number]) => boolean) => plan.filter(test).length / plan.length;
    // 80% / 10% / 10% drawn at random: within a few points at 2,000 tokens.
    expect(share((token) => token.base === "WPLS")).toBeGreaterThan(0.75);
    expect(share((token) => token.base === "DAI")).toBeGreaterThan(0.07);
    expect(share((token) => token.base === "HEX")).toBeGreaterThan(0.07);
    expect(share((token) => token.factory === 1)).toBeGreaterThan(0.45);
    expect(share((token) => token.factory === 2)).toBeGreaterThan(0.45);
  });
});

describe("marketGoalRows", () => {
  const pass = (requests: number, seconds: number, maxGas: bigint | null, unmeasured = 0, checkedPerPass = 417) =>
    ({
      tokens: 5000,
      seconds,
      rpc: { httpRequests: requests },
      gas: { max: maxGas, heaviestChunk: null, over30M: 0, unmeasured, errors: [] },
      report: { sourceChecks: { asked: checkedPerPass, checked: checkedPerPass, disagree: [] }, failed: [{ coinId: "burner", source: "pulsex", reason: "ran out of gas", kind: "contract" }] },
      gasBurners: ["burner"],
    }) as unknown as PassWithGas;
  const met = (rows: ReturnType<typeof marketGoalRows>) => rows.map((row) => row.met);

  it("meets the goals at 50 requests for 5,000 tokens, 30M gas, every token checked within the hour and 45 s", () => {
    expect(met(marketGoalRows(pass(50, 45, 30_000_000n)))).toEqual([true, true, true, true, true, true]);
  });

  it("misses them one over each line", () => {
    // 416 a pass: 13 passes of 5 minutes, 65 minutes to cover 5,000 tokens.
    expect(met(marketGoalRows(pass(51, 45.1, 30_000_001n, 0, 416))).slice(0, 4)).toEqual([false, false, false, false]);
  });

  it("counts an ordinary token's failure against the goal, and a gas burner that did not fail as its contract's", () => {
    const failing = pass(50, 45, 30_000_000n);
    failing.report.failed.push({ coinId: "bench-1", source: "pulsex", reason: "unreachable", kind: "unreachable" });
    expect(met(marketGoalRows(failing)).slice(4)).toEqual([false, true]);
    const quiet = pass(50, 45, 30_000_000n);
    quiet.report.failed.length = 0;
    expect(met(marketGoalRows(quiet)).slice(4)).toEqual([true, false]);
  });

  it("does not call the gas goal met when a chunk's gas could not be measured", () => {
    expect(met(marketGoalRows(pass(50, 10, 1_000_000n, 1)))[1]).toBe(false);
    expect(met(marketGoalRows(pass(50, 10, null)))[1]).toBe(false);
  });
});
