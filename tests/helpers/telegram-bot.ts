// The bot's jest helpers: the local Telegram Bot API server (telegram-api.ts) for one test file,
// and updates posted to the real webhook route as Telegram posts them. The browser suite and the
// benches start the server themselves (no jest there).
import * as webhook from "@/app/api/telegram/route";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { forwardTo } from "@/tests/helpers/forward-to";
import { call } from "@/tests/helpers/request";
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME, TEST_WEBHOOK_SECRET, startTelegramApi, type TelegramApiServer } from "@/tests/helpers/telegram-api";

type Options = {
  /** More variables for the file's run (NEXT_PUBLIC_SITE_URL, CRON_SECRET...). */
  env?: Record<string, string>;
  /** false: no TELEGRAM_WEBHOOK_SECRET (files that only send: the outbox, the cron routes). */
  webhookSecret?: boolean;
  /** false: no variables at all (the file hands them to a process of its own). */
  setEnv?: boolean;
  /** false: what one test's calls recorded stays for the next. */
  resetEachTest?: boolean;
};

/**
 * The server for this file, with the bot's variables pointing at it: started before the file's
 * tests, its recorded calls forgotten before each test, the variables restored and the server
 * closed after. What is returned is used as the server itself (`api.messagesTo(chat)`,
 * `api.delayMs = 500`) from the file's hooks and tests on; it forwards to the server, which
 * exists only once the file's beforeAll ran.
 */
export function useTelegramApi(options: Options = {}): TelegramApiServer {
  const { env = {}, webhookSecret = true, setEnv = true, resetEachTest = true } = options;
  let server: TelegramApiServer | undefined;
  let restoreEnv = () => {};

  beforeAll(async () => {
    server = await startTelegramApi();
    if (!setEnv) return;
    restoreEnv = setEnvVars({
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: TEST_BOT_USERNAME,
      ...(webhookSecret ? { TELEGRAM_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } : {}),
      TELEGRAM_API_ROOT: server.apiRoot,
      ...env,
    });
  });
  afterAll(async () => {
    restoreEnv();
    await server?.close();
  });
  if (resetEachTest) beforeEach(() => server?.reset());

  return forwardTo(() => {
    if (!server) throw new Error("useTelegramApi: the Bot API server starts in beforeAll; use it from a hook or a test");
    return server;
  });
}

/** An update POSTed to /api/telegram as Telegram sends it: JSON, with the webhook's secret header (none: `null`). */
export function postUpdate(update: unknown, secret: string | null = TEST_WEBHOOK_SECRET) {
  return call(webhook.POST, "/api/telegram", {
    method: "POST",
    headers: { "content-type": "application/json", ...(secret === null ? {} : { "x-telegram-bot-api-secret-token": secret }) },
    body: JSON.stringify(update),
  });
}
