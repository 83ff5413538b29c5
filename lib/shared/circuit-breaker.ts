// A circuit breaker for a shared store that can fail or hang: Redis behind the rate limits
// (lib/security/rate-limit.server.ts) and a remote libSQL server (lib/db/config.ts).
// Closed: callers use the store. After a failure it opens: callers stop asking the store and
// answer without it, so a hung store costs one caller one timeout instead of every caller each
// time. A cool-down later one probe runs in the background (half-open): an answer closes the
// circuit, a failure opens it for another cool-down. Probes never hold up a caller. Only the two
// real changes are reported (onOpen, onClose), so an outage is one line each way however many
// callers fail, reconnections fail or probes fail.
// Pure: no I/O of its own (the probe is the caller's), only a timer.

export type CircuitState = "closed" | "open" | "half-open";

export type CircuitBreakerOptions = {
  /** How long the circuit stays open before a probe. */
  coolDownMs: number;
  /** Asks the store whether it is back: resolves if it answered. It must settle (give it a timeout). */
  probe: () => Promise<unknown>;
  /** The store has just been found failing (once per outage). */
  onOpen: (reason: string) => void;
  /** The store answers again (once per outage). */
  onClose: () => void;
};

export type CircuitBreaker = {
  readonly state: CircuitState;
  /** The store failed (a call, the connection): opens a closed circuit; nothing more while open. */
  failed(reason: string): void;
  /** The store is known to answer again (e.g. it reconnected): closes the circuit at once. */
  recovered(): void;
  /** No more probes (the store is being closed). */
  stop(): void;
};

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  let state: CircuitState = "closed";
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Which probe's answer counts: a probe overtaken by `recovered` or `failed` is ignored.
  let probeId = 0;
  let stopped = false;

  /** Opens the circuit (again) for one cool-down, then probes. */
  function open() {
    state = "open";
    probeId++;
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(probe, options.coolDownMs);
    // A process with nothing else to do exits; the probe is no reason to stay.
    (timer as { unref?: () => void }).unref?.();
  }

  function probe() {
    timer = undefined;
    if (state !== "open" || stopped) return;
    state = "half-open";
    const id = ++probeId;
    options.probe().then(
      () => {
        if (id === probeId && state === "half-open") close();
      },
      () => {
        if (id === probeId && state === "half-open") open();
      },
    );
  }

  function close() {
    state = "closed";
    probeId++;
    clearTimeout(timer);
    timer = undefined;
    options.onClose();
  }

  return {
    get state() {
      return state;
    },
    failed(reason) {
      if (state === "open") return;
      const wasClosed = state === "closed";
      open();
      if (wasClosed) options.onOpen(reason);
    },
    recovered() {
      if (state !== "closed") close();
    },
    stop() {
      stopped = true;
      probeId++;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
