// Issue 51's two processes on one database (a real sqld server, or a local file): this jest
// process is the web instance, serving through the real route handler of one coin; a child
// process (./coin-writer-process.ts) is the worker or an operator's instance, writing through the
// real domain functions. Each write shows on the web instance within the probe interval (plus
// slack for a busy machine), and the web instance builds exactly one new snapshot for it, while a
// visitor reads every 50 ms throughout.
import * as one from "@/app/api/cryptocurrencies/[id]/route";
import { PROBE_MS } from "@/lib/cache/public-cache.server";
import { readCoinsVersion } from "@/lib/coins/read-model.server";
import { coinSnapshotBuilds, getCoinSnapshot } from "@/lib/coins/snapshot.server";
import type { PrismaClient } from "@/lib/db/create-client";
import { coinSchema, type Coin } from "@/lib/coins/schemas";
import { startCoinWriter, type CoinWriter, type WriterCommand } from "./coin-writer-process";
import { call } from "./request";

/** What a slow shared machine adds to the probe interval: a request's own time, the child's answer on stdout. */
const SLACK_MS = 1_500;

async function coin(id: string): Promise<Coin | null> {
  const res = await call(one.GET, `/api/cryptocurrencies/${id}`, { params: { id } });
  return res.status === 404 ? null : coinSchema.parse(res.body);
}

export function twoProcessesOnOneDatabase(database: { url: () => string; db: () => PrismaClient }): void {
  let writer: CoinWriter;
  let visiting = true;
  let visitor: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    // The pass's local source quotes HEX; set before anything is measured.
    await database.db().coin.update({ where: { id: "hex" }, data: { quoteSource: "dexscreener", quoteId: "0xhex" } });
    writer = startCoinWriter(database.url());
  });
  afterAll(async () => {
    visiting = false;
    await visitor;
    await writer?.stop();
  });

  beforeEach(async () => {
    await getCoinSnapshot(); // the web instance is warm before each write
    visiting = true;
    visitor = (async () => {
      while (visiting) {
        await getCoinSnapshot();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
  });
  afterEach(async () => {
    visiting = false;
    await visitor;
  });

  /** Sends `command`; waits until `shows` holds on the web instance; then one probe interval more. */
  async function expectServedOnce(command: WriterCommand, shows: (coin: Coin | null) => boolean, coinId: string) {
    const builds = coinSnapshotBuilds();
    const versionBefore = await readCoinsVersion(database.db());
    expect(shows(await coin(coinId))).toBe(false);
    const { at } = await writer.send(command);
    expect(await readCoinsVersion(database.db())).toBeGreaterThan(versionBefore); // the triggers ran on this database
    let servedAt: number | undefined;
    while (Date.now() - at < PROBE_MS + SLACK_MS + 5_000) {
      if (shows(await coin(coinId))) {
        servedAt = Date.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(servedAt).toBeDefined();
    const delay = servedAt! - at;
    // Past one more probe interval, with the visitor reading throughout: no second build.
    await new Promise((resolve) => setTimeout(resolve, PROBE_MS + 500));
    expect({ op: command.op, builds: coinSnapshotBuilds() - builds }).toEqual({ op: command.op, builds: 1 });
    expect(delay).toBeLessThanOrEqual(PROBE_MS + SLACK_MS);
    console.info(`[coins] ${command.op}: served ${delay} ms after the writer's commit`);
  }

  test("a pass: the new price", async () => {
    await expectServedOnce({ op: "pass", coinId: "hex", price: 0.0123 }, (hex) => hex?.currentPrice === 0.0123, "hex");
  }, 60_000);

  test("an operator's edit: the coin's tags", async () => {
    await expectServedOnce({ op: "edit", coinId: "hex", tags: ["meme", "two-processes"] }, (hex) => hex?.tags.includes("two-processes") ?? false, "hex");
  }, 60_000);

  test("a rename", async () => {
    await expectServedOnce({ op: "rename", coinId: "pls", name: "PulseChain Renamed" }, (pls) => pls?.name === "PulseChain Renamed", "pls");
  }, 60_000);

  test("a take-down: the coin is gone", async () => {
    const address = "0x00000000000000000000000000000000000051aa";
    await database.db().coin.create({ data: { id: "tdn", symbol: "TDN", name: "Taken Down", currentPrice: 1, marketCap: 1e6, rank: 9_999, chain: "pulsechain", contractAddress: address } });
    const buyer = await database.db().user.create({ data: { address: "0x0000000000000000000000000000000000000051" } });
    const order = await database.db().listingOrder.create({
      data: {
        userId: buyer.id, status: "live", tokenAddress: address, tokenName: "Taken Down", tokenSymbol: "TDN", plan: "standard", coinId: "tdn",
        priceUsd: 100, plsUsd: 0.00003, amountWei: "1", payTo: "0x2222222222222222222222222222222222222222", quoteExpiresAt: new Date(),
      },
    });
    // Written behind the web instance's back by this test: let it take those in before measuring.
    await new Promise((resolve) => setTimeout(resolve, PROBE_MS + 500));
    expect(await coin("tdn")).not.toBeNull();
    await expectServedOnce({ op: "takedown", orderId: order.id }, (tdn) => tdn === null, "tdn");
  }, 60_000);
}
