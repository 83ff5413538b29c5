// Quarantine of a token whose own contract keeps failing the read, on a real SQLite file with a
// scripted on-chain source: 3 "contract" failures in a row quarantine it (its last good price
// kept), a quarantined coin is asked at most once an hour, an answer about it lifts the
// quarantine; unreachable and deferred failures, and a source that throws, neither count nor
// reset. What the pass stores reaches the coin's API answer, /api/health and the admin list; the
// writes stay a few statements at 5,000 coins.
import * as health from "@/app/api/health/route";
import { writeHealthCounts } from "@/lib/market/health-counts.server";
import * as oneCoin from "@/app/api/cryptocurrencies/[id]/route";
import { listAdminCoins } from "@/lib/listings/coins.server";
import { sqlDateTime } from "@/lib/db/sql-datetime";
import { runRefreshPass } from "@/lib/market/pass/refresh.server";
import type { PriceSource, Quote, QuoteFailure, SourceResult } from "@/lib/market/types";
import { coinDetailSchema } from "@/lib/coins/schemas";
import { healthSchema } from "@/lib/market/health-schema";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(60_000);

const { db, wroteBehindTheCache } = useTestDatabase({ seed: true });

type Answer = Quote | Omit<QuoteFailure, "coinId"> | "throw";

/** The on-chain source as a script: what it answers for each coin this pass, and what it was asked. */
function scriptedPulseX() {
  const answers = new Map<string, Answer>();
  const asked: string[][] = [];
  const source: PriceSource = {
    name: "pulsex",
    async fetchQuotes(requests) {
      asked.push(requests.map((request) => request.coinId));
      if ([...answers.values()].includes("throw")) throw new Error("the reader crashed");
      const result: SourceResult = { quotes: new Map(), failures: [] };
      for (const { coinId } of requests) {
        const answer = answers.get(coinId);
        if (answer && typeof answer === "object" && "price" in answer) result.quotes.set(coinId, answer);
        else if (answer && typeof answer === "object") result.failures.push({ coinId, ...answer });
        else result.failures.push({ coinId, reason: "not in the script" });
      }
      return result;
    },
  };
  return { source, answers, asked, lastAsked: () => asked.at(-1) ?? [] };
}

const quote = (price: number, liquidityUsd = 1e7): Quote => ({ price, marketCap: null, change24h: null, liquidityUsd });
const REVERTS = { reason: "balanceOf reverted at block 23,456,789", kind: "contract" } as const;
const OUT_OF_GAS = { reason: "totalSupply ran out of its 200,000 gas", kind: "contract" } as const;
const RPC_DOWN = { reason: "pulsex: RPC timeout", kind: "unreachable" } as const;
const DEFERRED = { reason: "time budget spent", kind: "deferred" } as const;

// The passes' clock starts at this minute: /api/health reads the real clock, and a fixed date
// would make its answer "stale" once the day has passed (this test failed the day after it was written).
const T0 = Math.floor(Date.now() / 60_000) * 60_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const coin = (id: string) => db().coin.findUniqueOrThrow({ where: { id } });
const contractState = async (id: string) => {
  const { contractFailures, contractFailedAt, contractFailureReason, quarantinedAt } = await coin(id);
  return { contractFailures, contractFailedAt, contractFailureReason, quarantinedAt };
};
const NOTHING = { contractFailures: 0, contractFailedAt: null, contractFailureReason: null, quarantinedAt: null };

async function getDetail(id: string) {
  wroteBehindTheCache("coins");
  const res = await call(oneCoin.GET, `/api/cryptocurrencies/${id}`, { params: { id } });
  expect(res.status).toBe(200);
  return coinDetailSchema.parse(res.body);
}
async function quarantinedCount() {
  // runRefreshPass is the pass alone: refreshMarket counts for the health check after it.
  await writeHealthCounts(db());
  const res = await call(health.GET, "/api/health");
  return healthSchema.parse(res.body).prices.quarantinedCoins;
}

describe("with HEX and INC on the scripted on-chain source", () => {
  const script = scriptedPulseX();
  let lines: string[] = [];
  const pass = (minutes: number) => {
    lines = [];
    return runRefreshPass(db(), [script.source], { now: () => at(minutes), log: (line) => void lines.push(line) });
  };

  beforeAll(async () => {
    await db().coin.updateMany({ data: { quoteSource: null } });
    await db().coin.updateMany({ where: { id: { in: ["hex", "inc"] } }, data: { quoteSource: "pulsex" } });
  });
  beforeEach(async () => {
    await db().coin.updateMany({ data: NOTHING });
    script.answers.clear();
    script.answers.set("inc", quote((await coin("inc")).currentPrice));
  });

  test("3 contract failures in a row quarantine it; not asked within the hour; asked an hour after its last failure; a price lifts the quarantine", async () => {
    const before = await coin("hex");
    script.answers.set("hex", REVERTS);

    // Passes 1 and 2 count; the price stays.
    await pass(0);
    expect(await contractState("hex")).toEqual({ contractFailures: 1, contractFailedAt: at(0), contractFailureReason: REVERTS.reason, quarantinedAt: null });
    const second = await pass(5);
    expect(second.quarantine.started).toEqual([]);
    expect((await contractState("hex")).contractFailures).toBe(2);

    // Pass 3 quarantines: in the report and the log; its last good price kept.
    script.answers.set("hex", OUT_OF_GAS);
    const third = await pass(10);
    expect(third.failed).toContainEqual({ coinId: "hex", source: "pulsex", reason: OUT_OF_GAS.reason, kind: "contract" });
    expect(third.quarantine).toEqual({ started: [{ coinId: "hex", source: "pulsex", reason: OUT_OF_GAS.reason }], lifted: [], resting: [] });
    expect(lines).toContain(
      `[market] pulsex hex: quarantined: its contract failed 3 passes in a row (last: ${OUT_OF_GAS.reason}); asked at most once an hour, its last good price kept`,
    );
    expect(await contractState("hex")).toEqual({ contractFailures: 3, contractFailedAt: at(10), contractFailureReason: OUT_OF_GAS.reason, quarantinedAt: at(10) });
    expect(await coin("hex")).toMatchObject({ currentPrice: before.currentPrice, marketCap: before.marketCap, priceUpdatedAt: before.priceUpdatedAt });

    // What the site says of it: the coin's answer, the health count, the admin list.
    expect((await getDetail("hex")).contractFailing).toEqual({ since: at(10).toISOString() });
    expect((await getDetail("inc")).contractFailing).toBeNull();
    expect(await quarantinedCount()).toBe(1);
    const admin = await listAdminCoins(db());
    expect(admin.find((row) => row.id === "hex")!.quarantine).toEqual({ since: at(10).toISOString(), reason: OUT_OF_GAS.reason, failures: 3 });
    expect(admin.filter((row) => row.quarantine !== null).map((row) => row.id)).toEqual(["hex"]);

    // Within the hour of its last failure it is not asked; INC is, every pass.
    for (const minutes of [15, 40, 69]) {
      const report = await pass(minutes);
      expect(script.lastAsked()).toEqual(["inc"]);
      expect(report.quarantine.resting).toEqual(["hex"]);
      expect(lines).toContain("[market] 1 quarantined coins not asked this pass (each at most once an hour)");
    }
    expect(await contractState("hex")).toEqual({ contractFailures: 3, contractFailedAt: at(10), contractFailureReason: OUT_OF_GAS.reason, quarantinedAt: at(10) });

    // An hour after it: asked. Still failing: counted, asked again an hour later; the quarantine keeps its start.
    script.answers.set("hex", REVERTS);
    const hourLater = await pass(70);
    expect(script.lastAsked()).toContain("hex");
    expect(hourLater.quarantine).toEqual({ started: [], lifted: [], resting: [] });
    expect(await contractState("hex")).toEqual({ contractFailures: 4, contractFailedAt: at(70), contractFailureReason: REVERTS.reason, quarantinedAt: at(10) });
    await pass(75);
    expect(script.lastAsked()).toEqual(["inc"]);
    expect((await listAdminCoins(db())).find((row) => row.id === "hex")!.quarantine).toEqual({ since: at(10).toISOString(), reason: REVERTS.reason, failures: 4 });

    // It answers again: published, the quarantine lifted (report and log), the count cleared.
    const price = before.currentPrice * 1.1;
    script.answers.set("hex", quote(price));
    const lifted = await pass(130);
    expect(lifted.updated).toContain("hex");
    expect(lifted.quarantine).toEqual({ started: [], lifted: [{ coinId: "hex", source: "pulsex", since: at(10).toISOString() }], resting: [] });
    expect(lines).toContain(`[market] pulsex hex: quarantine lifted: the source answered for it again (quarantined since ${at(10).toISOString()})`);
    expect(await contractState("hex")).toEqual(NOTHING);
    expect(await coin("hex")).toMatchObject({ currentPrice: price, priceUpdatedAt: at(130) });
    expect((await getDetail("hex")).contractFailing).toBeNull();
    expect(await quarantinedCount()).toBe(0);

    // Back to every pass.
    await pass(135);
    expect([...script.lastAsked()].sort()).toEqual(["hex", "inc"]);
  });

  test("unreachable, deferred and a source that throws neither count nor reset; any answer about the coin (low liquidity) resets", async () => {
    const state = () => contractState("hex");
    script.answers.set("hex", REVERTS);
    await pass(0);
    await pass(5);
    for (const [minutes, answer] of [[10, RPC_DOWN], [15, DEFERRED], [20, "throw"]] as const) {
      script.answers.set("hex", answer);
      const report = await pass(minutes);
      expect(report.quarantine.started).toEqual([]);
      expect(await state()).toEqual({ contractFailures: 2, contractFailedAt: at(5), contractFailureReason: REVERTS.reason, quarantinedAt: null });
    }
    // The third contract failure, though not in three passes in a row of the clock: the passes between said nothing.
    script.answers.set("hex", REVERTS);
    expect((await pass(25)).quarantine.started.map((entry) => entry.coinId)).toEqual(["hex"]);

    // Quarantined, asked an hour later while the RPC is down: still quarantined, and, having told
    // nothing, asked again by the next pass.
    script.answers.set("hex", RPC_DOWN);
    await pass(85);
    expect(script.lastAsked()).toContain("hex");
    expect(await state()).toEqual({ contractFailures: 3, contractFailedAt: at(25), contractFailureReason: REVERTS.reason, quarantinedAt: at(25) });
    // The pool under the liquidity floor is an answer about the coin: the quarantine is lifted, the coin flagged.
    script.answers.set("hex", quote((await coin("hex")).currentPrice, 1_000));
    const low = await pass(90);
    expect(script.lastAsked()).toContain("hex");
    expect(low.lowLiquidity.map((entry) => entry.coinId)).toEqual(["hex"]);
    expect(low.quarantine.lifted.map((entry) => entry.coinId)).toEqual(["hex"]);
    expect(await state()).toEqual(NOTHING);
    expect((await coin("hex")).lowLiquidity).toBe(true);

    // A count below 3 is reset by an answer too: two failures, a failure the source gave about the coin, then two more do not quarantine.
    script.answers.set("hex", REVERTS);
    await pass(95);
    await pass(100);
    script.answers.set("hex", { reason: "no pool against a base token" });
    await pass(105);
    expect(await state()).toEqual(NOTHING);
    script.answers.set("hex", REVERTS);
    await pass(110);
    const notYet = await pass(115);
    expect(notYet.quarantine.started).toEqual([]);
    expect((await state()).contractFailures).toBe(2);
  });
});

test("at 5,000 coins: the pass's quarantine writes are one statement per 250 coins, and a pass of quarantined coins asks none", async () => {
  await db().coin.updateMany({ data: { quoteSource: null, ...NOTHING } });
  // 5,000 PulseChain tokens in one statement (Prisma's createMany takes seconds here), each at its own address.
  const stamp = sqlDateTime(at(-60));
  await db().$executeRawUnsafe(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 4999)
     INSERT INTO "Coin" ("id", "symbol", "name", "currentPrice", "marketCap", "rank", "chain", "contractAddress", "quoteSource", "quoteId", "priceSource", "priceUpdatedAt", "listedAt", "updatedAt")
     SELECT 'bulk-' || i, 'B' || i, 'Bulk ' || i, 1, 1e6, 1000 + i, 'pulsechain', printf('0x%040x', i + 1), 'pulsex', printf('0x%040x', i + 1), 'pulsex', ?, ?, ? FROM n`,
    stamp,
    stamp,
    stamp,
  );
  const script = scriptedPulseX();
  for (let i = 0; i < 5_000; i++) script.answers.set(`bulk-${i}`, REVERTS);
  const statements: string[] = [];
  const execute = jest.spyOn(db(), "$executeRawUnsafe");
  /** A pass, and the quarantine's statements in it. */
  const pass = async (minutes: number) => {
    execute.mockClear();
    const report = await runRefreshPass(db(), [script.source], { now: () => at(minutes), log: () => {} });
    statements.length = 0;
    statements.push(...execute.mock.calls.map(([sql]) => sql).filter((sql) => sql.includes('"contractFailures"')));
    return report;
  };
  try {
    for (const minutes of [0, 5, 10]) {
      const report = await pass(minutes);
      expect(statements).toHaveLength(20); // 5,000 / 250
      expect(report.quarantine.started).toHaveLength(minutes === 10 ? 5_000 : 0);
    }
    expect(await db().coin.count({ where: { quarantinedAt: { not: null } } })).toBe(5_000);
    const calls = script.asked.length;
    const resting = await pass(15);
    expect(script.asked).toHaveLength(calls); // the source was not called
    expect(resting.quarantine.resting).toHaveLength(5_000);
    expect(statements).toHaveLength(0);
    // An hour later every one is asked and answers: all lifted, in 10 statements (500 ids each).
    for (let i = 0; i < 5_000; i++) script.answers.set(`bulk-${i}`, { reason: "no pool against a base token" });
    const back = await pass(70);
    expect(back.quarantine.lifted).toHaveLength(5_000);
    expect(statements).toHaveLength(10);
    expect(await db().coin.count({ where: { OR: [{ quarantinedAt: { not: null } }, { contractFailures: { gt: 0 } }] } })).toBe(0);
  } finally {
    execute.mockRestore();
  }
});
