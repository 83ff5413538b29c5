// Runs in a child process of the market bench (tests/bench/market/chain-child.ts starts it): a
// ganache chain and, in front of it, an HTTP proxy that records every JSON-RPC request body the
// refresh pass sends. Both live here so neither ganache's EVM nor the counting takes CPU from the
// process whose pass is being timed.
import { createServer, request as httpRequest, Agent } from "node:http";
import { performance } from "node:perf_hooks";
import ganache from "ganache";

export type ChainChildReady = { type: "ready"; rpcUrl: string; proxyUrl: string };
/** One HTTP request the proxy forwarded: its body, and the JSON-RPC error message(s) of its answer, if any. */
export type RecordedRequest = {
  body: string;
  errors: string[];
  /** From the request's last byte to the answer's, on this process's clock (ms). */
  startMs: number;
  endMs: number;
};
export type ChainChildLog = { type: "log"; requests: RecordedRequest[] };
export type ChainChildCommand = { type: "take-log" } | { type: "stop" };

/** geth's default RPC gas cap for eth_call (and ganache's): a Multicall3 chunk over it fails, as on PulseChain. */
const CALL_GAS_LIMIT = 50_000_000;
/** Room for the builder's transactions (about 1M gas per token and pool) and for eth_estimateGas of big chunks. */
const BLOCK_GAS_LIMIT = 1_000_000_000;

/** The error messages in a JSON-RPC answer (one object or a batch). */
function errorsOf(text: string): string[] {
  if (!text.includes('"error"')) return [];
  try {
    const answers = [JSON.parse(text)].flat() as { error?: { message?: string } }[];
    return answers.flatMap((answer) => (answer.error ? [answer.error.message ?? "error"] : []));
  } catch {
    return ["unparsable answer"];
  }
}

async function main(): Promise<void> {
  // A database directory lets the parent restart the chain where it left off (see build-market.ts).
  const dbPath = process.env.BENCH_CHAIN_DB;
  const server = ganache.server({
    logging: { quiet: true },
    ...(dbPath ? { database: { dbPath } } : {}),
    chain: { chainId: 369 },
    // The market's WPLS is worth $0.00003, so its pools need trillions of PLS.
    wallet: { deterministic: true, totalAccounts: 2, defaultBalance: 1e15 },
    miner: { blockGasLimit: BLOCK_GAS_LIMIT, callGasLimit: CALL_GAS_LIMIT, defaultTransactionGasLimit: "estimate" },
  });
  await server.listen(0, "127.0.0.1");
  const ganachePort = (server.address() as { port: number }).port;

  let requests: RecordedRequest[] = [];
  const agent = new Agent({ keepAlive: true });
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const recorded: RecordedRequest = { body: body.toString("utf8"), errors: [], startMs: performance.now(), endMs: Number.NaN };
      requests.push(recorded);
      const upstream = httpRequest(
        { host: "127.0.0.1", port: ganachePort, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${ganachePort}` }, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          const parts: Buffer[] = [];
          answer.on("data", (part: Buffer) => parts.push(part));
          answer.on("end", () => {
            recorded.errors = errorsOf(Buffer.concat(parts).toString("utf8"));
            recorded.endMs = performance.now();
          });
          answer.pipe(res);
        },
      );
      upstream.on("error", (error) => {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(String(error));
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const proxyPort = (proxy.address() as { port: number }).port;

  process.on("message", async (command: ChainChildCommand) => {
    if (command.type === "take-log") {
      process.send!({ type: "log", requests } satisfies ChainChildLog);
      requests = [];
    } else if (command.type === "stop") {
      proxy.close();
      await server.close();
      process.exit(0);
    }
  });
  // The parent going away (a crash, Ctrl-C) must not leave the chain running.
  process.on("disconnect", () => process.exit(0));
  process.send!({ type: "ready", rpcUrl: `http://127.0.0.1:${ganachePort}`, proxyUrl: `http://127.0.0.1:${proxyPort}` } satisfies ChainChildReady);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
