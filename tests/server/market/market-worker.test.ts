// `npm run market:worker` as a real process, started as an operator starts it (npm, whose SIGTERM
// must reach the worker: the script `exec`s tsx, which passes it on), against this file's temporary database, with the PulseChain RPC on a closed port and DexScreener
// and CoinGecko played by a local HTTP server that fails, answers late or never answers. Checked:
// one JSON line per pass on stdout, one pass at a time by the lease, and SIGTERM: between passes
// a clean exit at once; during a pass that ends within SHUTDOWN_GRACE_S, its line and a clean
// exit; during one that does not, exit at the grace with its lease released and nothing written.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { MARKET_REFRESH_LEASE } from "@/lib/market/lease.server";
import { startMarketWorker, type WorkerProcess } from "@/tests/helpers/market-worker-process";
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME, startTelegramApi } from "@/tests/helpers/telegram-api";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(120_000);

const { db } = useTestDatabase({ seed: true });

/** How the fake APIs answer: a 500 at once, a 500 after a while, or never. */
let mode: { kind: "fail" } | { kind: "late"; ms: number } | { kind: "hang" } = { kind: "fail" };
let requests = 0;
const hanging: ServerResponse[] = [];
let apis: Server;
let apiUrl: string;

beforeAll(async () => {
  apis = createServer((_req: IncomingMessage, res: ServerResponse) => {
    requests++;
    const fail = () => res.writeHead(500, { "content-type": "application/json" }).end('{"error":"down"}');
    if (mode.kind === "fail") fail();
    else if (mode.kind === "late") setTimeout(fail, mode.ms);
    else hanging.push(res);
  });
  await new Promise<void>((resolve) => apis.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(apis.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => apis.close(resolve));
});

beforeEach(async () => {
  await db().refreshLease.deleteMany();
  requests = 0;
});

type Worker = WorkerProcess;

/**
 * The worker as `npm run market:worker` (npm answers SIGTERM with its own exit code 143, so the
 * worker's own code is not seen), or as the script runs it, node with tsx's loader (the worker's
 * exit code is the process's).
 */
function startWorker(env: Record<string, string>, via: "npm" | "node" = "node"): Worker {
  return startMarketWorker({ PULSECHAIN_RPC_URL: "http://127.0.0.1:9/", DEXSCREENER_API_URL: apiUrl, COINGECKO_API_URL: `${apiUrl}/api/v3`, ...env }, via);
}

async function until(what: string, condition: () => boolean, worker: Worker, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (worker.process.exitCode !== null) throw new Error(`the worker exited before ${what}:\n${worker.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s:\n${worker.stdout()}\n${worker.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const lines = (worker: Worker) => worker.stdout().split("\n").filter(Boolean);
/** Every stdout line is one JSON record. */
const records = (worker: Worker) => lines(worker).map((line) => JSON.parse(line) as { event: string; market: Record<string, unknown>; orders: Record<string, unknown>; sent?: number });

test("one JSON line per pass, one pass per lease; SIGTERM between passes ends it at once and cleanly", async () => {
  mode = { kind: "fail" };
  const quoted = await db().coin.count({ where: { quoteSource: { not: null } } });
  // 0.02 minutes: a pass every 1.2 s, while the lease lasts its minimum of 30 s.
  const worker = startWorker({ MARKET_REFRESH_INTERVAL_MINUTES: "0.02", SHUTDOWN_GRACE_S: "5" });
  await until("two pass lines", () => lines(worker).length >= 2, worker);
  const [first, second] = records(worker);
  expect(first).toMatchObject({
    event: "market-pass",
    market: { ran: true, status: "failed", updated: 0, failed: quoted, leaseLost: false },
    // The orders' check reads the chain, which is down too: its error, on the same line.
    orders: { error: expect.stringMatching(/^HttpRequestError: HTTP request failed/) },
  });
  // Every failure is a source that could not be reached (the RPC, the APIs' 500s), counted by source.
  const failures = first!.market.failures as Record<string, number>;
  expect(Object.values(failures).reduce((sum, count) => sum + count, 0)).toBe(quoted);
  expect(Object.keys(failures).every((key) => key.endsWith("unreachable"))).toBe(true);
  // The next pass finds the first one's lease: one pass at a time, even in one worker.
  expect(second).toMatchObject({ event: "market-pass", market: { ran: false, reason: expect.stringContaining("lease") } });
  const holder = (await db().refreshLease.findUniqueOrThrow({ where: { name: MARKET_REFRESH_LEASE } })).holder;

  const signalled = Date.now();
  worker.process.kill("SIGTERM");
  const { code, at } = await worker.exited;
  console.log(`worker: exit ${code} ${at - signalled} ms after SIGTERM between passes`);
  expect(code).toBe(0);
  expect(worker.stderr()).toMatch(/\[shutdown\] SIGTERM: draining .*\n\[shutdown\] drained in \d+ ms/);
  // A pass that ended keeps its lease until it expires (that is what makes the next one skip).
  expect((await db().refreshLease.findUniqueOrThrow({ where: { name: MARKET_REFRESH_LEASE } })).holder).toBe(holder);
  for (const record of records(worker)) expect(record.event).toBe("market-pass");
});

test("`npm run market:worker` passes SIGTERM on to the worker, which drains", async () => {
  mode = { kind: "fail" };
  const worker = startWorker({ MARKET_REFRESH_INTERVAL_MINUTES: "5", SHUTDOWN_GRACE_S: "5" }, "npm");
  await until("a pass line", () => lines(worker).length >= 1, worker);
  // npm exits at once; its output pipes close when the worker, which writes to them too, has exited.
  const closed = new Promise((resolve) => worker.process.once("close", resolve));
  worker.process.kill("SIGTERM");
  await closed;
  expect(worker.stderr()).toMatch(/\[shutdown\] SIGTERM: draining .*\n\[shutdown\] drained in \d+ ms/);
});

test("SIGTERM during a pass that ends within the grace: the pass finishes, logs its line, and the worker exits cleanly", async () => {
  mode = { kind: "late", ms: 2_000 };
  const worker = startWorker({ MARKET_REFRESH_INTERVAL_MINUTES: "5", SHUTDOWN_GRACE_S: "20" });
  await until("the pass asking the APIs", () => requests > 0, worker);
  worker.process.kill("SIGTERM");
  const { code } = await worker.exited;
  expect(code).toBe(0);
  expect(records(worker)).toEqual([expect.objectContaining({ market: expect.objectContaining({ ran: true, status: "failed" }) })]);
});

test("SIGTERM during a pass that outlasts the grace: exit at the grace, the lease released, nothing written", async () => {
  mode = { kind: "hang" };
  const before = await db().coin.findMany({ orderBy: { id: "asc" } });
  const worker = startWorker({ MARKET_REFRESH_INTERVAL_MINUTES: "5", SHUTDOWN_GRACE_S: "1" });
  await until("the pass asking the APIs", () => requests > 0, worker);
  expect(await db().refreshLease.findUnique({ where: { name: MARKET_REFRESH_LEASE } })).not.toBeNull();
  const signalled = Date.now();
  worker.process.kill("SIGTERM");
  const { code, at } = await worker.exited;
  console.log(`worker: exit ${code} ${at - signalled} ms after SIGTERM with a pass hanging (grace 1 s)`);
  expect(code).toBe(1);
  // The grace (1 s) plus at most the 2 s the release may take, with room for a busy machine.
  expect(at - signalled).toBeLessThan(10_000);
  expect(worker.stderr()).toContain("[shutdown] grace of 1 s over");
  expect(lines(worker)).toEqual([]);
  // Released: the next refresher need not wait the lease's 4.5 minutes.
  expect(await db().refreshLease.findUnique({ where: { name: MARKET_REFRESH_LEASE } })).toBeNull();
  expect(await db().coin.findMany({ orderBy: { id: "asc" } })).toEqual(before);
});

test("the worker delivers on its own cadence with no pass running: a retry due in 3 s goes out within 10 s of being due", async () => {
  mode = { kind: "fail" };
  const telegram = await startTelegramApi();
  try {
    // Another refresher holds the lease: every pass of this worker skips, so only its delivery cadence can send.
    await db().refreshLease.create({ data: { name: MARKET_REFRESH_LEASE, holder: "another-instance", expiresAt: new Date(Date.now() + 10 * 60_000) } });
    const user = await db().user.create({ data: { address: `0x${"e".repeat(40)}` } });
    const chatId = "6600001";
    const link = await db().telegramLink.create({ data: { userId: user.id, chatId } });
    const rule = await db().alertRule.create({ data: { userId: user.id, kind: "price", coinId: "hex", coinSymbol: "HEX", coinName: "HEX", direction: "above", level: 0.01 } });
    const firing = await db().alertFiring.create({ data: { ruleId: rule.id, userId: user.id, crossing: 1, firedAt: new Date(), message: "HEX's price went above $0.01: $0.011", url: "/coins/hex", value: 0.011 } });
    // A send that failed once, not due yet.
    const row = await db().alertDelivery.create({
      data: { firingId: firing.id, channel: "telegram", target: `telegram:${link.id}`, telegramLinkId: link.id, attempts: 1, lastError: "HTTP 502", nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });
    const worker = startWorker({ MARKET_REFRESH_INTERVAL_MINUTES: "5", SHUTDOWN_GRACE_S: "5", TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: TEST_BOT_USERNAME, TELEGRAM_API_ROOT: telegram.apiRoot });
    await until("the worker's start", () => worker.stderr().includes("[worker]"), worker);
    // Once it runs, its retry comes due in 3 s (as the outbox writes a retry).
    const dueAt = Date.now() + 3_000;
    await db().alertDelivery.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(dueAt) } });
    await until("the retry sent", () => telegram.messagesTo(chatId).length > 0, worker, 30_000);
    const sentAt = Date.now();
    expect(sentAt).toBeGreaterThanOrEqual(dueAt);
    // The first drain runs 10 s after the start, then every 10 s after the last ended: due + 10 s, and a second for the drain itself.
    expect(sentAt - dueAt).toBeLessThanOrEqual(10_000 + 1_500);
    expect(telegram.messagesTo(chatId).map((message) => message.text)).toEqual([firing.message]);
    await until("the delivery's line", () => records(worker).some((record) => record.event === "delivery"), worker, 5_000);
    expect(records(worker).find((record) => record.event === "delivery")).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(records(worker).filter((record) => record.event === "market-pass").every((record) => record.market.ran === false)).toBe(true);
    expect(await db().alertDelivery.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sent", attempts: 2 });
    worker.process.kill("SIGTERM");
    expect((await worker.exited).code).toBe(0);
  } finally {
    await telegram.close();
  }
});
