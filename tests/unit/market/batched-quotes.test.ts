// quoteInBatches with a deadline: batches go out in request order, four at a time, none after
// the deadline; the coins of batches never started fail as "deferred", in request order; a batch
// answered "unreachable" passes that kind on. The clock is scripted, so no timing is involved.
import { BATCHES_IN_FLIGHT, quoteInBatches, type BatchAnswer } from "@/lib/market/batched-quotes";
import type { QuoteRequest } from "@/lib/market/types";

const requests: QuoteRequest[] = Array.from({ length: 12 }, (_, i) => ({ coinId: `c${i}`, quoteId: `k${i}` }));

test("no batch starts after the deadline; the rest are deferred in order", async () => {
  let clock = 0;
  const started: string[][] = [];
  const result = await quoteInBatches(requests, {
    source: "test",
    batchSize: 2, // six batches: k0-k1, k2-k3, ..., k10-k11
    keyOf: (quoteId) => ({ key: quoteId }),
    deadline: 100,
    clock: () => clock,
    async fetchBatch(keys) {
      started.push([...keys]);
      // The first four start at 0 and move the clock 15 each (60 in all); the fifth and sixth
      // start before 100 and move it 30 each.
      await Promise.resolve();
      clock += started.length <= BATCHES_IN_FLIGHT ? 15 : 30;
      return new Map<string, BatchAnswer>(keys.map((key) => [key, { price: 1, marketCap: null, change24h: null, liquidityUsd: null }]));
    },
  });
  // The 5th starts at 60 at most, the 6th at 90 at most: both before the deadline (100).
  expect(started).toEqual([["k0", "k1"], ["k2", "k3"], ["k4", "k5"], ["k6", "k7"], ["k8", "k9"], ["k10", "k11"]]);
  expect(result.failures).toEqual([]);

  clock = 0;
  started.length = 0;
  const late = await quoteInBatches(requests, {
    source: "test",
    batchSize: 2,
    keyOf: (quoteId) => ({ key: quoteId }),
    deadline: 50,
    clock: () => clock,
    async fetchBatch(keys) {
      started.push([...keys]);
      await Promise.resolve();
      clock += 15; // after the first wave the clock reads 60: past 50
      return new Map<string, BatchAnswer>(keys.map((key) => [key, { price: 1, marketCap: null, change24h: null, liquidityUsd: null }]));
    },
  });
  expect(started).toHaveLength(BATCHES_IN_FLIGHT);
  expect([...late.quotes.keys()]).toEqual(["c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7"]);
  expect(late.failures).toEqual(
    ["c8", "c9", "c10", "c11"].map((coinId) => ({ coinId, kind: "deferred", reason: "test: the pass's time budget ran out before this coin was asked" })),
  );
});

test("an unreachable batch fails its coins with that kind; invalid ids fail plainly", async () => {
  const result = await quoteInBatches([...requests.slice(0, 3), { coinId: "bad", quoteId: "" }], {
    source: "test",
    batchSize: 2,
    keyOf: (quoteId) => (quoteId ? { key: quoteId } : { invalid: "empty id" }),
    async fetchBatch(keys) {
      return new Map<string, BatchAnswer>(keys.map((key) => [key, key === "k2" ? { reason: "test: HTTP 503", kind: "unreachable" } : "test: no pair"]));
    },
  });
  expect(result.failures).toEqual([
    { coinId: "c0", reason: "test: no pair" },
    { coinId: "c1", reason: "test: no pair" },
    { coinId: "c2", reason: "test: HTTP 503", kind: "unreachable" },
    { coinId: "bad", reason: "test: empty id" },
  ]);
});
