// Starts the bench's chain in a child process (chain-process.ts) and talks to it over IPC: the
// URL the setup deploys through (ganache itself), the URL the pass reads through (the recording
// proxy), and the request bodies the proxy saw since the last time they were taken.
import { fork } from "node:child_process";
import path from "node:path";
import type { ChainChildCommand, ChainChildLog, ChainChildReady, RecordedRequest } from "./chain-process";

export type ChainChild = {
  /** ganache directly: for the setup, whose requests are not counted. */
  rpcUrl: string;
  /** The recording proxy in front of ganache: for the pass. */
  proxyUrl: string;
  /** The requests the proxy forwarded since the last call. */
  takeLog(): Promise<RecordedRequest[]>;
  stop(): Promise<void>;
};

/** With a dbPath, the chain lives in that directory: a child started later on it resumes the chain. */
export async function startChainChild(options: { dbPath?: string } = {}): Promise<ChainChild> {
  const child = fork(path.join(import.meta.dirname, "chain-process.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_CHAIN_DB: options.dbPath ?? "" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`the chain process exited (code ${code})`))));
  exited.catch(() => {});
  const next = <T>(type: string) =>
    Promise.race([
      new Promise<T>((resolve) => {
        const onMessage = (message: { type: string }) => {
          if (message.type !== type) return;
          child.off("message", onMessage);
          resolve(message as T);
        };
        child.on("message", onMessage);
      }),
      exited,
    ]);
  const send = (command: ChainChildCommand) => child.send(command);

  const ready = await next<ChainChildReady>("ready");
  return {
    rpcUrl: ready.rpcUrl,
    proxyUrl: ready.proxyUrl,
    async takeLog() {
      const log = next<ChainChildLog>("log");
      send({ type: "take-log" });
      return (await log).requests;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      send({ type: "stop" });
      await gone;
    },
  };
}
