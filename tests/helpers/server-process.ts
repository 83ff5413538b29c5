// Waiting for a server a test or the bench started (`next start`) to answer, and stopping it.
import type { ChildProcess } from "node:child_process";

type WaitOptions = {
  /** Named in the errors: "next start". */
  what: string;
  timeoutMs: number;
  /** What the process printed so far, shown in the errors (when its output is kept). */
  output?: () => string;
};

/** Polls `url` every 250 ms until it answers 2xx; fails when the process exits or time runs out. */
export async function waitUntilAnswering(server: ChildProcess, url: string, { what, timeoutMs, output = () => "" }: WaitOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`${what} exited early:\n${output()}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM, then SIGKILL after 10 s: Next waits for open requests, and one that never ends must not hold the run. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const killer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(killer);
}
