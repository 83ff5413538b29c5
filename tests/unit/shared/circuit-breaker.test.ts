// The circuit breaker that keeps a hung or lost Redis from slowing the rate limits
// (lib/shared/circuit-breaker.ts): open after a failure, one background probe per cool-down,
// closed by a probe's answer or a reconnection, one report each way per outage. Jest's clock, so
// cool-downs pass at once; the probe is a function whose answer each test gives.
import { createCircuitBreaker } from "@/lib/shared/circuit-breaker";

const COOL_DOWN_MS = 5_000;

/** A breaker whose probes wait for the test to answer them, and what it reported. */
function breaker() {
  const events: string[] = [];
  const probes: { answer(): void; fail(): void }[] = [];
  const created = createCircuitBreaker({
    coolDownMs: COOL_DOWN_MS,
    probe: () =>
      new Promise<void>((resolve, reject) => {
        events.push("probe");
        probes.push({ answer: resolve, fail: () => reject(new Error("no answer")) });
      }),
    onOpen: (reason) => events.push(`open: ${reason}`),
    onClose: () => events.push("close"),
  });
  return { breaker: created, events, probes };
}

/** Lets the probe's promise callbacks run. */
const settle = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("a failure opens it once; more failures say nothing; one probe per cool-down until one is answered", async () => {
  const { breaker: circuit, events, probes } = breaker();
  expect(circuit.state).toBe("closed");
  circuit.failed("no answer within 1000 ms");
  circuit.failed("no answer within 1000 ms");
  circuit.failed("connection closed");
  expect(circuit.state).toBe("open");
  expect(events).toEqual(["open: no answer within 1000 ms"]);

  await jest.advanceTimersByTimeAsync(COOL_DOWN_MS - 1);
  expect(probes).toHaveLength(0);
  await jest.advanceTimersByTimeAsync(1);
  expect(circuit.state).toBe("half-open");
  expect(probes).toHaveLength(1);
  // Still hung: open again, quietly, and probed again a cool-down later (not before).
  await jest.advanceTimersByTimeAsync(1_000);
  probes[0]!.fail();
  await settle();
  expect(circuit.state).toBe("open");
  await jest.advanceTimersByTimeAsync(COOL_DOWN_MS - 1);
  expect(probes).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(probes).toHaveLength(2);

  probes[1]!.answer();
  await settle();
  expect(circuit.state).toBe("closed");
  expect(events).toEqual(["open: no answer within 1000 ms", "probe", "probe", "close"]);
  // Closed: no more probes.
  await jest.advanceTimersByTimeAsync(COOL_DOWN_MS * 3);
  expect(probes).toHaveLength(2);

  // A second outage is reported again.
  circuit.failed("connection closed");
  expect(events.at(-1)).toBe("open: connection closed");
});

test("a reconnection closes it at once; the probe it overtook does not count", async () => {
  const { breaker: circuit, events, probes } = breaker();
  circuit.recovered(); // already closed: nothing to report
  circuit.failed("connect ECONNREFUSED 127.0.0.1:6379");
  await jest.advanceTimersByTimeAsync(COOL_DOWN_MS);
  expect(circuit.state).toBe("half-open");

  circuit.recovered();
  expect(circuit.state).toBe("closed");
  expect(events).toEqual(["open: connect ECONNREFUSED 127.0.0.1:6379", "probe", "close"]);
  probes[0]!.fail();
  await settle();
  expect(circuit.state).toBe("closed");
  expect(events).toHaveLength(3);
});

test("a failure during the probe opens it for another cool-down; the probe's late answer does not close it", async () => {
  const { breaker: circuit, events, probes } = breaker();
  circuit.failed("Command timed out");
  await jest.advanceTimersByTimeAsync(COOL_DOWN_MS);
  circuit.failed("connection closed");
  expect(circuit.state).toBe("open");
  probes[0]!.answer();
  await settle();
  expect(circuit.state).toBe("open");
  await jest.advanceTimersByTimeAsync(COOL_DOWN_MS);
  expect(probes).toHaveLength(2);
  expect(events.filter((event) => event.startsWith("open"))).toHaveLength(1);
});

test("stopped: no more probes", async () => {
  const { breaker: circuit, probes } = breaker();
  circuit.failed("connection closed");
  circuit.stop();
  await jest.advanceTimersByTimeAsync(COOL_DOWN_MS * 3);
  expect(probes).toHaveLength(0);
  expect(jest.getTimerCount()).toBe(0);
});
