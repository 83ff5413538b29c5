// Issue 24's floor: a bare Next.js app (tests/bench/bare-next, the site's own Next.js and
// node_modules) built and served by `next start` beside the site, so its Lighthouse figures come
// from the same machine in the same run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { freePort } from "../helpers/free-port";
import { auditPage, describeLighthouse, type LighthouseResult } from "./lighthouse";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FLOOR_DIR = path.join(import.meta.dirname, "bare-next");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");

let built = false;

/** Builds the floor app (once per run; SKIP_BUILD=1 reuses a build), serves it, runs `use`, stops it. */
export async function withFloor<T>(use: (baseUrl: string) => Promise<T>): Promise<T> {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  if (!built && (process.env.SKIP_BUILD !== "1" || !existsSync(path.join(FLOOR_DIR, ".next/BUILD_ID")))) {
    // Built from inside its folder: given the folder as an argument from the site's root, Next
    // picks up the site's proxy.ts and instrumentation.ts.
    const build = spawnSync(process.execPath, [NEXT_BIN, "build", "."], { cwd: FLOOR_DIR, env, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    if (build.status !== 0) throw new Error(`bench: the bare Next.js page did not build:\n${build.stdout}\n${build.stderr}`);
    built = true;
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [NEXT_BIN, "start", ".", "-p", String(port), "-H", "127.0.0.1"], { cwd: FLOOR_DIR, env, stdio: "ignore" });
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error("bench: the bare Next.js page's server exited early");
      const ok = await fetch(baseUrl).then((res) => res.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error("bench: the bare Next.js page's server did not answer within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return await use(baseUrl);
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    if (server.exitCode === null) server.kill("SIGTERM");
    await exited;
  }
}

/** The floor's Lighthouse figures (median of the same runs as a page's), printed under `title`. */
export async function auditFloor(title: string): Promise<LighthouseResult> {
  const result = await withFloor((baseUrl) => auditPage(baseUrl));
  console.log(`  ${"floor".padEnd(16)} ${describeLighthouse(result)} (${title}: a bare Next.js page, same settings)`);
  return result;
}
