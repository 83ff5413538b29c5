// The edge (Debian's nginx, deploy/nginx/) in front of app servers a test or the bench started:
// its config rendered by scripts/edge-config.ts into a fresh directory that holds everything nginx
// writes (pid, logs, cache, temporary files), nginx run from there in the foreground.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import type { SecurityEnv } from "@/lib/security/headers.mjs";
import { writeEdgeConfig } from "@/scripts/edge-config";
import { freePort } from "./free-port";
import { waitUntilAnswering } from "./server-process";

export type Edge = {
  baseUrl: string;
  port: number;
  /** nginx's prefix: nginx.conf, error.log, access.log, cache/; `files/` is served at /_edge-files/. */
  dir: string;
  /** Everything nginx printed so far, and its error log. */
  output(): string;
  stop(): Promise<void>;
};

export type EdgeStartOptions = {
  /** The app instances, "127.0.0.1:PORT" (or URLs, whose host and port are taken). */
  upstreams: string[];
  port?: number;
  /** The environment the app was built with, for the security headers; default process.env. */
  env?: SecurityEnv;
  /** Serve /_next/static/ from this folder instead of the app. */
  nextStaticDir?: string;
};

function findNginx(): string {
  const nginx = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
  if (!existsSync(nginx)) {
    throw new Error(
      `No nginx at ${nginx} for the edge. Install Debian's package with\n` +
        "  sudo apt-get update && sudo apt-get install -y nginx\n" +
        "or point NGINX_PATH at an nginx binary (1.22 or newer).",
    );
  }
  return nginx;
}

const hostPort = (upstream: string) => (/^https?:\/\//.test(upstream) ? new URL(upstream).host : upstream);

export async function startEdge(options: EdgeStartOptions): Promise<Edge> {
  const nginx = findNginx();
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), "edge-"));
  const filesDir = path.join(dir, "files");
  mkdirSync(filesDir);
  const config = writeEdgeConfig({
    listen: `127.0.0.1:${port}`,
    upstreams: options.upstreams.map(hostPort),
    prefix: dir,
    env: options.env,
    nextStaticDir: options.nextStaticDir,
    filesDir,
    // As root, nginx would hand its workers to `nobody`, who cannot enter this directory.
    user: process.getuid?.() === 0 ? userInfo().username : undefined,
  });

  const server: ChildProcess = spawn(nginx, ["-p", dir, "-c", config], { stdio: ["ignore", "pipe", "pipe"] });
  let printed = "";
  server.stdout?.on("data", (chunk) => (printed += chunk));
  server.stderr?.on("data", (chunk) => (printed += chunk));
  const errorLog = path.join(dir, "error.log");
  const output = () => printed + (existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "");
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    // Any answer of the app through the edge; the liveness route answers 200 even on stale prices.
    await waitUntilAnswering(server, `${baseUrl}/api/health/live`, { what: "nginx (the edge)", timeoutMs: 30_000, output });
  } catch (error) {
    server.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    baseUrl,
    port,
    dir,
    output,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        // SIGQUIT: finish the requests in hand, then exit; SIGKILL if that takes over 10 s.
        server.kill("SIGQUIT");
        const killer = setTimeout(() => server.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
