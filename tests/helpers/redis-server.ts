// A real redis-server (Debian's package) for the tests that need Redis, started by the test
// itself on a free port with no persistence, and stopped after. A machine without it fails
// the test with how to install it: these tests never skip silently.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

const CANDIDATES = ["/usr/bin/redis-server", "/usr/local/bin/redis-server", "/opt/homebrew/bin/redis-server"];

export const REDIS_INSTALL_HINT =
  "These tests need a real redis-server. Install Debian's package with\n" +
  "  sudo apt-get update && sudo apt-get install -y redis-server\n" +
  "(the tests start and stop their own server; nothing needs to run), or point REDIS_SERVER_PATH at a redis-server binary.";

export function findRedisServer(): string {
  const configured = process.env.REDIS_SERVER_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`REDIS_SERVER_PATH=${configured} does not exist.\n${REDIS_INSTALL_HINT}`);
    return configured;
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  const which = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  throw new Error(`No redis-server found.\n${REDIS_INSTALL_HINT}`);
}

export type RedisServer = {
  url: string;
  port: number;
  /** Stops the server for good (SIGTERM; no data is kept) and removes its folder. */
  stop(): Promise<void>;
  /** Stops the server process only, as an outage would; `restart` brings it back. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /**
   * Freezes the server (SIGSTOP), as a hung Redis would be: connections stay open and the kernel
   * still accepts new ones, but no command is answered. `resume` (SIGCONT) thaws it, data intact.
   */
  pause(): void;
  resume(): void;
};

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let reply = "";
    socket.setTimeout(500, () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(false));
    socket.on("data", (chunk) => {
      reply += chunk.toString();
      if (reply.includes("\r\n")) {
        socket.end();
        resolve(reply.startsWith("+PONG"));
      }
    });
    socket.once("connect", () => socket.write("PING\r\n"));
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const binary = findRedisServer();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "redis-test-"));
  let child: ChildProcess | undefined;

  async function start() {
    let output = "";
    child = spawn(
      binary,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir, "--daemonize", "no", "--loglevel", "warning"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited early (code ${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port} within 10 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  function signal(name: "SIGSTOP" | "SIGCONT") {
    if (!child || child.exitCode !== null) throw new Error(`redis-server is not running (${name})`);
    child.kill(name);
  }

  async function kill() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill("SIGTERM");
    // A frozen server (pause) acts on SIGTERM only once thawed.
    running.kill("SIGCONT");
    await new Promise((resolve) => (running.exitCode !== null ? resolve(null) : running.once("exit", resolve)));
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
    kill,
    restart: async () => {
      await kill();
      await start();
    },
    pause: () => signal("SIGSTOP"),
    resume: () => signal("SIGCONT"),
  };
}
