// Shared state of one browser-suite run, set by run.ts before any spec's tests execute.
import type { Browser } from "playwright-core";
import type { TelegramApiServer } from "@/tests/helpers/telegram-api";

/**
 * `databaseUrl`: the app's database, for specs that change data behind the app (market.spec.ts).
 * `telegram`: the local Bot API server the app's bot talks to (TELEGRAM_API_ROOT); updates go to
 * the app's webhook at /api/telegram with TEST_WEBHOOK_SECRET.
 */
type Suite = { baseUrl: string; databaseUrl: string; browser: Browser; telegram: TelegramApiServer };
let current: Suite | undefined;

export function setSuite(suite: Suite): void {
  current = suite;
}

export function suite(): Suite {
  if (!current) throw new Error("The browser suite has not started; run it with `npm run test:browser`.");
  return current;
}
