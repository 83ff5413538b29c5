// `npm run test:browser`: builds the app and starts it behind the edge once, then runs every *.spec.ts under
// this folder (tests/browser/<feature>/) with node's test runner against it in Chromium.
// `LIST_ONLY=1` prints the spec files a run would import (SPECS applies) and exits: no build, no browser.
import path from "node:path";
import { after, afterEach, before, beforeEach } from "node:test";
import type { Browser } from "playwright-core";
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME, TEST_WEBHOOK_SECRET, startTelegramApi, type TelegramApiServer } from "@/tests/helpers/telegram-api";
import { findChromium, launchBrowser, startBehindEdge, type App } from "./harness";
import { findSpecs } from "./specs";
import { setSuite } from "./suite";

// SPECS=wallet,pages runs just those files, by file name wherever their folder (while working on
// them); the default is all.
const only = process.env.SPECS?.split(",").map((name) => name.trim());
const specs = findSpecs(import.meta.dirname, only);
if (process.env.LIST_ONLY === "1") {
  for (const spec of specs) console.log(path.relative(process.cwd(), spec));
  console.log(`${specs.length} spec files`);
  process.exit(0);
}

// Fail fast, before a minute of building, when there is no browser to drive.
try {
  findChromium();
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}

let app: App | undefined;
let browser: Browser | undefined;
let telegram: TelegramApiServer | undefined;

before(async () => {
  // The site as a Node host serves it: the edge (nginx) in front of two standalone servers
  // (harness.ts startBehindEdge), with a bot, as a site that set one up does, talking to a local
  // Bot API server.
  telegram = await startTelegramApi();
  app = await startBehindEdge({
    env: { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: TEST_BOT_USERNAME, TELEGRAM_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, TELEGRAM_API_ROOT: telegram.apiRoot },
  });
  browser = await launchBrowser();
  setSuite({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, browser, telegram });
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await telegram?.close();
});

// A test that hangs (a request that never answers, a lock never released) must end the run
// with its name, not hold CI until its time limit with nothing printed. The slowest test takes
// about 25 s.
const TEST_LIMIT_MS = 3 * 60_000;
let running: { name: string; since: number } | undefined;
beforeEach((t) => void (running = { name: t.name, since: Date.now() }));
afterEach(() => void (running = undefined));
setInterval(() => {
  if (!running || Date.now() - running.since < TEST_LIMIT_MS) return;
  console.error(`\n# "${running.name}" has run for over ${TEST_LIMIT_MS / 60_000} minutes: stopping the browser suite.`);
  if (app) process.kill(app.pid, "SIGKILL");
  process.exit(1);
}, 5_000).unref();

for (const spec of specs) await import(spec);
