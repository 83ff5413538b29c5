// Issue 24's floor: a bare Next.js app (tests/bench/bare-next, the site's own Next.js and
// node_modules) built and served by `next start` beside the site, so its Lighthouse figures come
// from the same machine in the same run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { freePort } from "@/tests/helpers/free-port";
import { stopServer, waitUntilAnswering } from "@/tests/helpers/server-process";
import { auditPage, describeLighthouse, THROTTLING_LABEL, type LighthouseResult, type Throttling } from "./lighthouse";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FLOOR_DIR = path.join(import.meta.dirname, "bare-next");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");

let built = false;

/** Builds the floor app (once per run; SKIP_BUILD=1 reuses a build), serves it, runs `use`, stops it. */
export async function withFloor<T>(use: (baseUrl: string) => Promise<T>): Promise<T> {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  if (!built && (process.env.SKIP_BUILD !== "1" || !existsSync(path.join(FLOOR_DIR, ".next/BUILD_ID")))) {
    // Built from inside its folder, with no tsconfig.json there (the app is plain JSX): with one,
    // the build also compiled the site's proxy.ts and instrumentation.ts and failed.
    const build = spawnSync(process.execPath, [NEXT_BIN, "build", "."], { cwd: FLOOR_DIR, env, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    if (build.status !== 0) throw new Error(`bench: the bare Next.js page did not build:\n${build.stdout}\n${build.stderr}`);
    built = true;
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [NEXT_BIN, "start", ".", "-p", String(port), "-H", "127.0.0.1"], { cwd: FLOOR_DIR, env, stdio: "ignore" });
  try {
    await waitUntilAnswering(server, baseUrl, { what: "the bare Next.js page's next start", timeoutMs: 30_000 });
    return await use(baseUrl);
  } finally {
    await stopServer(server);
  }
}

/** The floor's Lighthouse figures (median of the same runs as a page's), printed under `title`. */
export async function auditFloor(title: string, throttling: Throttling): Promise<LighthouseResult> {
  const result = await withFloor((baseUrl) => auditPage(baseUrl, throttling));
  console.log(`  ${"floor".padEnd(16)} ${describeLighthouse(result)} (${title}: a bare Next.js page, ${THROTTLING_LABEL[throttling]})`);
  return result;
}
