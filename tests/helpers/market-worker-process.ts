// `npm run market:worker` (scripts/market-worker.ts) as a real process for the tests that run
// workers: spawned as its npm script runs it (node with tsx's loader) or through npm itself, its
// output collected, and every one started killed after each test that leaves it running.
import { spawn, type ChildProcess } from "node:child_process";

export type WorkerProcess = {
  process: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** The exit code and when it came. */
  exited: Promise<{ code: number | null; at: number }>;
};

const started: ChildProcess[] = [];

/**
 * Starts a worker with `env` over this process's environment. Via npm (`--silent`: stdout holds
 * the worker's lines alone) its exit code is npm's; via node it is the worker's own.
 */
export function startMarketWorker(env: Record<string, string | undefined>, via: "npm" | "node" = "node"): WorkerProcess {
  const [command, args] = via === "npm" ? ["npm", ["run", "--silent", "market:worker"]] : [process.execPath, ["--conditions", "react-server", "--import", "tsx", "scripts/market-worker.ts"]];
  const child = spawn(command, args, { cwd: process.cwd(), env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once("exit", (code) => resolve({ code, at: Date.now() })));
  return { process: child, stdout: () => stdout, stderr: () => stderr, exited };
}

// A test that failed half-way must not leave its workers refreshing into the next one.
afterEach(() => {
  for (const worker of started.splice(0)) if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
});
