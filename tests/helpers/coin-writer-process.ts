// A second process on the test's database, for the tests of issue 51's coins version: it makes
// the writes a worker or an operator's instance makes, through the real domain functions (a pass
// with a local price source, an operator's edit, a rename, a take-down), one per line of JSON it
// reads on stdin, and answers each on stdout with `{"done": op, "at": <ms after its commit>}`.
// Run as the worker runs: node --conditions react-server --import tsx (startCoinWriter below).
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

export type WriterCommand =
  | { op: "pass"; coinId: string; price: number }
  | { op: "edit"; coinId: string; tags: string[] }
  | { op: "rename"; coinId: string; name: string }
  | { op: "takedown"; orderId: number };

export type CoinWriter = { send(command: WriterCommand): Promise<{ at: number }>; stop(): Promise<void>; stderr(): string };

/** Starts this file as a process on DATABASE_URL=`url`. */
export function startCoinWriter(url: string, env: Record<string, string> = {}): CoinWriter {
  const child: ChildProcess = spawn(process.execPath, ["--conditions", "react-server", "--import", "tsx", "tests/helpers/coin-writer-process.ts"], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, DATABASE_URL: url, COIN_WRITER_CHILD: "1" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => waiting.shift()?.(line));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    send(command) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the writer did not answer ${command.op} within 60 s:\n${stderr}`)), 60_000);
        waiting.push((line) => {
          clearTimeout(timer);
          const answer = JSON.parse(line) as { done?: string; at: number; error?: string };
          if (answer.error) reject(new Error(`the writer failed ${command.op}: ${answer.error}`));
          else resolve({ at: answer.at });
        });
        child.stdin!.write(`${JSON.stringify(command)}\n`);
      });
    },
    async stop() {
      child.stdin!.end();
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    },
    stderr: () => stderr,
  };
}

async function serve(): Promise<void> {
  const { createPrismaClient } = await import("@/lib/db/create-client");
  const { refreshMarket } = await import("@/lib/market/run.server");
  const { updateCoin } = await import("@/lib/listings/coins.server");
  const { renameCoin } = await import("@/lib/listings/rename-coin.server");
  const { takeDown } = await import("@/lib/orders/take-down.server");
  type PriceSource = import("@/lib/market/types").PriceSource;
  const db = createPrismaClient({ url: process.env.DATABASE_URL! });

  async function run(command: WriterCommand): Promise<void> {
    switch (command.op) {
      case "pass": {
        // A local source that knows one coin: the pass publishes its price, the rest keep theirs.
        const source: PriceSource = {
          name: "dexscreener",
          async fetchQuotes(requests) {
            const asked = requests.filter((request) => request.coinId === command.coinId);
            return {
              quotes: new Map(asked.map((request) => [request.coinId, { price: command.price, marketCap: command.price * 1e12, change24h: 1.5, liquidityUsd: 5e6 }])),
              failures: requests.filter((request) => request.coinId !== command.coinId).map((request) => ({ coinId: request.coinId, reason: "not asked" })),
            };
          },
        };
        const outcome = await refreshMarket(db, { sources: [source], holder: "coin-writer", leaseMs: 60_000, log: () => {} });
        if (!outcome.ran) throw new Error("the pass did not run");
        return;
      }
      case "edit":
        await updateCoin(db, command.coinId, { tags: command.tags });
        return;
      case "rename":
        await renameCoin(db, command.coinId, { name: command.name });
        return;
      case "takedown":
        await takeDown(db, command.orderId);
    }
  }

  for await (const line of createInterface({ input: process.stdin })) {
    const command = JSON.parse(line) as WriterCommand;
    try {
      await run(command);
      process.stdout.write(`${JSON.stringify({ done: command.op, at: Date.now() })}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ error: String(error), at: Date.now() })}\n`);
    }
  }
  await db.$disconnect();
}

if (process.env.COIN_WRITER_CHILD === "1") void serve();
