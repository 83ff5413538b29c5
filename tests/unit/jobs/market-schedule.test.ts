// The Node host's schedule: passes repeat at the interval, never overlap, survive a pass that
// throws, interval 0 turns it off, and stopping it (a drain) waits for the pass in flight and
// starts no other. (Which instance refreshes is the lease's job, tested in
// market-refresh.test.ts.)
import { resetMarketScheduleForTests, startMarketSchedule, stopMarketSchedule } from "@/lib/jobs/schedule.server";

afterEach(() => resetMarketScheduleForTests());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("passes run one after another at the interval, never two at once, and a throwing pass does not stop them", async () => {
  let running = 0;
  let overlapped = false;
  let passes = 0;
  const lines: string[] = [];
  const started = startMarketSchedule({
    intervalMs: 20,
    firstDelayMs: 5,
    log: (line) => lines.push(line),
    async pass() {
      overlapped ||= running > 0;
      running++;
      passes++;
      await sleep(30); // longer than the interval
      running--;
      if (passes === 2) throw new Error("database is down");
      return `pass ${passes}`;
    },
  });
  expect(started).toBe(true);
  await sleep(400);
  expect(passes).toBeGreaterThanOrEqual(4);
  expect(overlapped).toBe(false);
  expect(lines).toContain("[market] pass failed: Error: database is down");
  expect(lines).toContain("pass 3");
  // A second start in the same process is refused (one schedule per server).
  expect(startMarketSchedule({ intervalMs: 20, pass: async () => null })).toBe(false);
});

test("an interval of 0 turns the schedule off", async () => {
  let passes = 0;
  expect(startMarketSchedule({ intervalMs: 0, firstDelayMs: 1, pass: async () => (passes++, null) })).toBe(false);
  await sleep(50);
  expect(passes).toBe(0);
});

test("stopping waits for the pass in flight and starts no other", async () => {
  let passes = 0;
  let finished = 0;
  startMarketSchedule({
    intervalMs: 1,
    firstDelayMs: 1,
    async pass() {
      passes++;
      await sleep(50);
      finished++;
      return null;
    },
  });
  await sleep(20); // the first pass is running
  expect(passes).toBe(1);
  await stopMarketSchedule();
  expect(finished).toBe(1);
  await sleep(30);
  expect(passes).toBe(1);
});

test("the delivery runs on its own cadence beside a long pass, never two at once, timed from the end of the last", async () => {
  let deliveries = 0;
  let delivering = 0;
  let overlapped = false;
  let passEnded = false;
  startMarketSchedule({
    intervalMs: 60_000,
    firstDelayMs: 1,
    deliveryEveryMs: 10,
    log: () => {},
    async pass() {
      await sleep(200); // a pass much longer than the delivery's cadence
      passEnded = true;
      return null;
    },
    async deliver() {
      overlapped ||= delivering > 0;
      delivering++;
      deliveries++;
      await sleep(30); // longer than its cadence
      delivering--;
      return null;
    },
  });
  await sleep(150);
  // Deliveries went on while the pass ran, one at a time: at most one per 40 ms (30 ms run + 10 ms).
  expect(passEnded).toBe(false);
  expect(deliveries).toBeGreaterThanOrEqual(2);
  expect(deliveries).toBeLessThanOrEqual(4);
  expect(overlapped).toBe(false);
  await stopMarketSchedule();
});

test("maintenance runs only in a schedule given it, and a stop reaches it", async () => {
  let signal: AbortSignal | undefined;
  startMarketSchedule({
    intervalMs: 60_000,
    firstDelayMs: 60_000,
    deliveryEveryMs: 0,
    maintenance: {
      everyMs: 5,
      async run(given) {
        signal = given;
        await new Promise((resolve) => given.addEventListener("abort", resolve));
        return null;
      },
    },
  });
  await sleep(30);
  expect(signal?.aborted).toBe(false);
  await stopMarketSchedule();
  expect(signal?.aborted).toBe(true);
});
