// The quarantine's rules alone (lib/market/pass/quarantine.ts): which coins a pass asks, what each
// answer says about a coin's contract, and what that does to its count and quarantine.
import type { Coin } from "@/lib/generated/prisma/client";
import type { RefreshReport } from "@/lib/market/pass/report";
import type { SourceAnswer } from "@/lib/market/pass/requests";
import { askedThisPass, contractChanges, contractVerdicts, splitQuarantined, type ContractState, type ContractVerdict } from "@/lib/market/pass/quarantine";

const AT = new Date("2026-11-26T12:00:00.000Z");
const minutesBefore = (minutes: number) => new Date(AT.getTime() - minutes * 60_000);

const state = (id: string, parts: Partial<ContractState> = {}): ContractState => ({
  id,
  contractFailures: 0,
  contractFailedAt: null,
  contractFailureReason: null,
  quarantinedAt: null,
  ...parts,
});
const quarantined = (id: string, lastFailureMinutesAgo: number) =>
  state(id, { contractFailures: 3, contractFailedAt: minutesBefore(lastFailureMinutesAgo), contractFailureReason: "balanceOf reverted", quarantinedAt: minutesBefore(120) });

describe("which coins a pass asks", () => {
  test("every coin not quarantined, whatever its count; a quarantined one an hour after its last failure, not a millisecond before", () => {
    expect(askedThisPass(state("a"), AT)).toBe(true);
    expect(askedThisPass(state("b", { contractFailures: 2, contractFailedAt: minutesBefore(5) }), AT)).toBe(true);
    expect(askedThisPass(quarantined("c", 5), AT)).toBe(false);
    expect(askedThisPass({ ...quarantined("d", 0), contractFailedAt: new Date(AT.getTime() - 3_599_999) }, AT)).toBe(false);
    expect(askedThisPass(quarantined("e", 60), AT)).toBe(true);
    expect(askedThisPass(quarantined("f", 61), AT)).toBe(true);
  });

  test("a last failure in the future (a clock set back) does not keep a coin out", () => {
    expect(askedThisPass({ ...quarantined("a", 0), contractFailedAt: new Date(AT.getTime() + 60_000) }, AT)).toBe(true);
  });

  test("the split keeps the pass's stalest-first order on both sides", () => {
    const coins = [state("a"), quarantined("b", 5), quarantined("c", 90), state("d"), quarantined("e", 1)];
    const { asked, resting } = splitQuarantined(coins, AT);
    expect(asked.map((coin) => coin.id)).toEqual(["a", "c", "d"]);
    expect(resting.map((coin) => coin.id)).toEqual(["b", "e"]);
  });
});

describe("what an answer says about a coin's contract", () => {
  const coin = (id: string) => ({ id }) as Coin;
  const answer = (sourceName: string, ids: string[], result: SourceAnswer["result"] = { quotes: new Map(), failures: [] }): SourceAnswer => ({
    sourceName,
    sourceCoins: ids.map(coin),
    result,
  });
  const entries = (parts: Partial<Pick<RefreshReport, "failed" | "deferred">>) => ({ failed: [], deferred: [], ...parts });

  test("a contract failure counts; a price, a flag or a failure the source gave about the coin answers for it; unreachable and deferred say nothing", () => {
    const verdicts = contractVerdicts(
      [answer("pulsex", ["reverts", "priced", "low", "nopool", "down", "later"])],
      entries({
        failed: [
          { coinId: "reverts", source: "pulsex", reason: "totalSupply reverted", kind: "contract" },
          { coinId: "nopool", source: "pulsex", reason: "no pool against a base token" },
          { coinId: "down", source: "pulsex", reason: "RPC timeout", kind: "unreachable" },
        ],
        deferred: [{ coinId: "later", source: "pulsex" }],
      }),
    );
    expect(Object.fromEntries(verdicts)).toEqual({
      reverts: { kind: "contract", source: "pulsex", reason: "totalSupply reverted" },
      priced: { kind: "answered", source: "pulsex" },
      low: { kind: "answered", source: "pulsex" },
      nopool: { kind: "answered", source: "pulsex" },
    });
  });

  test("a source that gave no answer at all (it threw, or is not configured) says nothing about its coins", () => {
    const verdicts = contractVerdicts(
      [answer("dexscreener", ["a", "b"], "source failed: Error: boom"), answer("pulsex", ["c"])],
      entries({ failed: [{ coinId: "a", source: "dexscreener", reason: "source failed: Error: boom" }, { coinId: "b", source: "dexscreener", reason: "source failed: Error: boom" }] }),
    );
    expect([...verdicts.keys()]).toEqual(["c"]);
  });
});

describe("what a pass does to the count and the quarantine", () => {
  const contract = (reason = "balanceOf reverted"): ContractVerdict => ({ kind: "contract", source: "pulsex", reason });
  const answered: ContractVerdict = { kind: "answered", source: "pulsex" };

  test("the third contract failure in a row quarantines; the ones before count; a later one keeps the quarantine's start", () => {
    const coins = [state("first"), state("second", { contractFailures: 1 }), state("third", { contractFailures: 2 }), quarantined("fourth", 60)];
    const changes = contractChanges(coins, new Map(coins.map((coin) => [coin.id, contract()])), AT);
    expect(changes.failures).toEqual([
      { id: "first", contractFailures: 1, contractFailedAt: AT, contractFailureReason: "balanceOf reverted", quarantinedAt: null },
      { id: "second", contractFailures: 2, contractFailedAt: AT, contractFailureReason: "balanceOf reverted", quarantinedAt: null },
      { id: "third", contractFailures: 3, contractFailedAt: AT, contractFailureReason: "balanceOf reverted", quarantinedAt: AT },
      { id: "fourth", contractFailures: 4, contractFailedAt: AT, contractFailureReason: "balanceOf reverted", quarantinedAt: minutesBefore(120) },
    ]);
    expect(changes.quarantine).toEqual({ started: [{ coinId: "third", source: "pulsex", reason: "balanceOf reverted" }], lifted: [] });
    expect(changes.lines).toEqual([
      "[market] pulsex third: quarantined: its contract failed 3 passes in a row (last: balanceOf reverted); asked at most once an hour, its last good price kept",
    ]);
    expect(changes.cleared).toEqual([]);
  });

  test("an answer clears a count and lifts a quarantine; a coin with nothing to clear writes nothing; a coin without a verdict keeps everything", () => {
    const coins = [state("clean"), state("counting", { contractFailures: 2, contractFailedAt: minutesBefore(5), contractFailureReason: "x" }), quarantined("back", 60), quarantined("silent", 60)];
    const changes = contractChanges(coins, new Map([["clean", answered], ["counting", answered], ["back", answered]]), AT);
    expect(changes.failures).toEqual([]);
    expect(changes.cleared).toEqual(["counting", "back"]);
    expect(changes.quarantine).toEqual({ started: [], lifted: [{ coinId: "back", source: "pulsex", since: minutesBefore(120).toISOString() }] });
    expect(changes.lines).toEqual([`[market] pulsex back: quarantine lifted: the source answered for it again (quarantined since ${minutesBefore(120).toISOString()})`]);
  });

  test("a long reason (revert data) is cut to 300 characters", () => {
    const changes = contractChanges([state("a")], new Map([["a", contract("x".repeat(2_000))]]), AT);
    expect(changes.failures[0]!.contractFailureReason).toHaveLength(300);
  });
});
