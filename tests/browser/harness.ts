// The browser suite's harness: a production build (`next build`, then its standalone server
// `node .next/standalone/server.js`, which the container image runs) on a fresh, migrated and
// seeded SQLite file, driven by Debian's Chromium through playwright-core.
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { privateKeyToAccount } from "viem/accounts";
import { setupDatabase } from "@/lib/db-setup/setup";
import { copyStandaloneAssets, standaloneDir } from "@/scripts/standalone-assets";
import { startEdge, type Edge } from "@/tests/helpers/edge";
import { freePort } from "@/tests/helpers/free-port";
import { stopServer, waitUntilAnswering } from "@/tests/helpers/server-process";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const SCREENSHOT_DIR = path.join(ROOT, "tests/browser/screenshots");

/** The test server's one operator (OPERATOR_ADDRESSES): a well-known development key, never a real wallet. */
export const OPERATOR_KEY = "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6" as const;

/**
 * The test server's configured public origin (NEXT_PUBLIC_SITE_URL): canonical URLs, share links
 * and the sitemap use it, never the address the server happens to listen on. Set for the build
 * too, since Next inlines NEXT_PUBLIC_ variables when it builds.
 */
export const SITE_URL = "https://pulsecompare.test";

/**
 * The environment `next build` sees here, as far as the security headers read it
 * (lib/security/headers.mjs): what the build's own headers were made from, and what the edge's
 * answers must carry.
 */
export const BUILD_SECURITY_ENV = { ...process.env, NODE_ENV: "production", NEXT_PUBLIC_SITE_URL: SITE_URL };

const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export function findChromium(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist.`);
    return configured;
  }
  const found = CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install Debian's package with\n" +
        "  sudo apt-get update && sudo apt-get install -y chromium\n" +
        "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    );
  }
  return found;
}

export type App = {
  baseUrl: string;
  databaseUrl: string;
  /** The server process (`node .next/standalone/server.js`). */
  pid: number;
  /** Everything the server printed so far. */
  output(): string;
  /** Settles when the server process exits (shutdown.spec.ts signals it itself). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stop(): Promise<void>;
};

export type StartOptions = {
  /** Serve this database (already set up; the caller owns and removes it) instead of a fresh seeded one. */
  databaseUrl?: string;
  /** Run `next build` first. Default: unless SKIP_BUILD=1. The bench's second server reuses the first's build. */
  build?: boolean;
  /** More environment for the server (e.g. REDIS_URL); build-time variables are not affected. */
  env?: Record<string, string>;
};

/** Builds the app (unless SKIP_BUILD=1) and serves it on a free port with its own database. */
export async function startApp(options: StartOptions = {}): Promise<App> {
  const dir = options.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), "browser-test-"));
  const databaseUrl = options.databaseUrl ?? `file:${path.join(dir!, "app.db")}`;
  if (dir) await setupDatabase({ url: databaseUrl });

  const env = { ...process.env, DATABASE_URL: databaseUrl, NEXT_PUBLIC_SITE_URL: SITE_URL, NEXT_TELEMETRY_DISABLED: "1" };
  if (options.build ?? process.env.SKIP_BUILD !== "1") {
    console.log("# building the app (next build)…");
    // Type-checked already: `npm test` runs tsc before this suite (next.config.mjs).
    const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], { cwd: ROOT, env: { ...env, NEXT_BUILD_SKIP_TYPECHECK: "1" }, stdio: "inherit" });
    if (build.status !== 0) throw new Error(`next build failed with exit code ${build.status}`);
  }
  // What `npm run build` and the Dockerfile do after `next build`; before every start, not just
  // after a build, so that files written into public/ since (the bench's) are served too.
  if (!existsSync(path.join(standaloneDir(ROOT), "server.js"))) {
    throw new Error(`${standaloneDir(ROOT)}/server.js is missing: the last build failed or did not finish; run without SKIP_BUILD=1.`);
  }
  copyStandaloneAssets(ROOT);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The standalone server takes its address from PORT and HOSTNAME and runs in its own folder.
  const server: ChildProcess = spawn(process.execPath, [path.join(standaloneDir(ROOT), "server.js")], {
    cwd: standaloneDir(ROOT),
    env: {
      ...env,
      // Wallet sign-in for this origin; the public PulseChain RPC is unreachable here, so the
      // server is pointed at a closed port and must cope.
      AUTH_ORIGINS: baseUrl,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      PULSECHAIN_RPC_URL: "http://127.0.0.1:9/",
      // As the image sets it: the app's drain instead of Next's own SIGTERM handler.
      NEXT_MANUAL_SIG_HANDLE: "true",
      // Prices change only when a test refreshes them (market.spec.ts), never on a timer.
      MARKET_REFRESH_INTERVAL_MINUTES: "0",
      OPERATOR_ADDRESSES: privateKeyToAccount(OPERATOR_KEY).address,
      // Every spec's browser, fetches and fuzzing reach the app from 127.0.0.1, as one visitor
      // would never do: the open API's per-IP quota (120 a minute, issue 55) would turn one spec's
      // load into the next spec's 429s. The quota itself is tested on the real limiter
      // (tests/api/api/open-quota.test.ts, tests/api/mcp/mcp-quota.test.ts).
      API_ANONYMOUS_PER_MINUTE: "1000000",
      ...options.env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    server.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );

  await waitUntilAnswering(server, `${baseUrl}/api/cryptocurrencies?ids=pls`, { what: "the standalone server", timeoutMs: 60_000, output: () => output });

  return {
    baseUrl,
    databaseUrl,
    pid: server.pid!,
    output: () => output,
    exited,
    async stop() {
      await stopServer(server);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The site as a Node host serves it (docs/operations.md: "The edge"): the edge (nginx,
 * deploy/nginx/) in front of two standalone servers on one database, the servers trusting the
 * edge (TRUST_PROXY=loopback) for the client's address and sharing one NEXTAUTH_SECRET. The App
 * is the edge's address (`pid` and `exited` the first server's); the edge picks an instance by the
 * client's address, and its access log says which one answered.
 */
export type EdgeSite = App & { edge: Edge; instances: App[] };

export async function startBehindEdge(options: StartOptions = {}): Promise<EdgeSite> {
  const edgePort = await freePort();
  const origin = `http://127.0.0.1:${edgePort}`;
  const env = { NEXTAUTH_SECRET: randomBytes(32).toString("base64url"), ...options.env, AUTH_ORIGINS: origin, TRUST_PROXY: "loopback" };
  const first = await startApp({ ...options, env });
  const apps = [first];
  try {
    apps.push(await startApp({ databaseUrl: first.databaseUrl, build: false, env }));
    // The edge's own answers carry the headers the build gave the app's (lib/security/headers.mjs).
    const edge = await startEdge({ port: edgePort, upstreams: apps.map((app) => app.baseUrl), env: BUILD_SECURITY_ENV });
    return {
      edge,
      instances: [...apps],
      baseUrl: edge.baseUrl,
      databaseUrl: first.databaseUrl,
      pid: first.pid,
      output: () => apps.map((app) => app.output()).join("") + edge.output(),
      exited: first.exited,
      async stop() {
        await edge.stop();
        for (const app of apps.reverse()) await app.stop();
      },
    };
  } catch (error) {
    for (const app of apps.reverse()) await app.stop();
    throw error;
  }
}

/**
 * Chromium flags that work as root on these machines (toolchain.md); without the
 * background-networking ones Chromium floods the closed network with refused connections.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

/** Headless Chromium with the flags that work as root on these machines. */
export async function launchBrowser(): Promise<Browser> {
  // Playwright gives every launch a fresh temporary profile (it refuses --user-data-dir).
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

/**
 * A browser context that refuses every request leaving the app's own origin, and fails its
 * close() on any Content-Security-Policy violation in its pages (see watchForCspViolations).
 */
export async function newContext(browser: Browser, baseUrl: string, viewport = { width: 1440, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const origin = new URL(baseUrl).origin;
  await context.route("**/*", (route) => {
    const url = route.request().url();
    return url.startsWith(origin) || url.startsWith("data:") ? route.continue() : route.abort();
  });
  await watchForCspViolations(context);
  return context;
}

const cspViolationsByContext = new WeakMap<BrowserContext, string[]>();

/**
 * In every page, before its own scripts: each `securitypolicyviolation` event goes to the test
 * through a binding (a page that navigated away keeps none of its own record). A string, not a
 * function: tsx would compile a function with helpers that do not exist in the page.
 */
const CSP_VIOLATION_RECORDER = `document.addEventListener("securitypolicyviolation", (event) => {
  const where = event.sourceFile ? " at " + event.sourceFile + ":" + event.lineNumber : "";
  const sample = event.sample ? " (" + event.sample + ")" : "";
  window.__cspViolation?.(event.effectiveDirective + " blocked " + (event.blockedURI || "?") + where + sample + " on " + location.pathname).catch(() => {});
});`;

/**
 * Records the context's Content-Security-Policy violations: the pages' `securitypolicyviolation`
 * events, and Chromium's console messages about the policy (which name what was refused). From
 * then on the context's close() throws when there was any, so every spec fails on a violation.
 */
export async function watchForCspViolations(context: BrowserContext): Promise<void> {
  const violations: string[] = [];
  cspViolationsByContext.set(context, violations);
  await context.exposeBinding("__cspViolation", (_source, violation: string) => void violations.push(`event: ${violation}`));
  await context.addInitScript(CSP_VIOLATION_RECORDER);
  context.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    assert.deepEqual(violations, [], "Content-Security-Policy violations");
  };
}

/** The violations recorded so far in a context made by newContext(). */
export function cspViolations(context: BrowserContext): string[] {
  const violations = cspViolationsByContext.get(context);
  if (!violations) throw new Error("This context does not record CSP violations (make it with newContext()).");
  return [...violations];
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

/**
 * Collects console errors and failed same-origin requests, which a page must not have. No 4xx is
 * expected: an anonymous visitor does not ask GET /api/auth/user at all (no "signed in" hint
 * cookie), so even its 401 counts.
 */
export function watchForErrors(page: Page, origin: string, options: { unreachable?: string[] } = {}): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const url = message.location().url;
    // Services the test network cuts off (the public PulseChain RPC): their failures are the
    // point of the test, which then checks the page still works.
    if (url && options.unreachable?.some((prefix) => url.startsWith(prefix))) return;
    problems.push(`console: ${message.text()} (${url})`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    // A prefetch cancelled by navigating away is not a failure.
    if (request.failure()?.errorText === "net::ERR_ABORTED") return;
    if (request.url().startsWith(origin)) problems.push(`request failed: ${request.url()}`);
  });
  page.on("response", (response) => {
    const url = response.url();
    if (url.startsWith(origin) && response.status() >= 400) {
      problems.push(`HTTP ${response.status()}: ${response.url().slice(origin.length)}`);
    }
  });
  return problems;
}
