// `npm run telegram:setup` as a real process against the local Bot API server: the webhook and the
// command menu it sets, and the errors it gives when the environment lacks what it needs.
import { execFile } from "node:child_process";
import { BOT_COMMANDS } from "@/lib/bot/commands";
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME, TEST_WEBHOOK_SECRET } from "@/tests/helpers/telegram-api";
import { useTelegramApi } from "@/tests/helpers/telegram-bot";

jest.setTimeout(60_000);

// The CLI runs in a process of its own: it gets the variables from each test, not this file's.
const api = useTelegramApi({ setEnv: false });

const TELEGRAM_VARS = ["TELEGRAM_BOT_TOKEN", "TELEGRAM_BOT_USERNAME", "TELEGRAM_WEBHOOK_SECRET", "TELEGRAM_API_ROOT", "NEXT_PUBLIC_SITE_URL"];

function setup(vars: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...vars };
  for (const key of TELEGRAM_VARS) if (!(key in vars)) delete env[key];
  return new Promise((resolve) => {
    execFile("npx", ["tsx", "--conditions", "react-server", "scripts/telegram-setup.ts"], { cwd: process.cwd(), env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const complete = () => ({
  TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
  TELEGRAM_BOT_USERNAME: TEST_BOT_USERNAME,
  TELEGRAM_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  TELEGRAM_API_ROOT: api.apiRoot,
  NEXT_PUBLIC_SITE_URL: "https://pulsecompare.test/",
});

test("sets the webhook (the site's /api/telegram, the secret, the three kinds of update, pending kept) and the command menu", async () => {
  const run = await setup(complete());
  expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining("Webhook set: https://pulsecompare.test/api/telegram") });
  expect(api.callsOf("setWebhook").map((call) => call.params)).toEqual([
    { url: "https://pulsecompare.test/api/telegram", secret_token: TEST_WEBHOOK_SECRET, allowed_updates: ["message", "inline_query", "callback_query"], drop_pending_updates: false },
  ]);
  expect(api.callsOf("setMyCommands").map((call) => call.params.commands)).toEqual([BOT_COMMANDS]);
  expect(run.stdout).toContain("Commands set: /compare /price /ath /top /list /alerts /stop /help");
});

test("says which variable is missing, and what Telegram refused, with exit code 1", async () => {
  const { TELEGRAM_BOT_TOKEN: _token, ...noToken } = complete();
  const { TELEGRAM_WEBHOOK_SECRET: _secret, ...noSecret } = complete();
  const { NEXT_PUBLIC_SITE_URL: _site, ...noSite } = complete();
  const runs = await Promise.all([setup(noToken), setup(noSecret), setup(noSite), setup({ ...complete(), NEXT_PUBLIC_SITE_URL: "http://localhost:3000" })]);
  expect(runs.map((run) => [run.code, run.stderr.trim()])).toEqual([
    [1, expect.stringMatching(/^telegram:setup failed\. TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME must be set/)],
    [1, expect.stringMatching(/^telegram:setup failed\. TELEGRAM_WEBHOOK_SECRET must be set/)],
    [1, expect.stringMatching(/^telegram:setup failed\. NEXT_PUBLIC_SITE_URL must be set/)],
    [1, expect.stringMatching(/^telegram:setup failed\. NEXT_PUBLIC_SITE_URL is http:\/\/localhost:3000: Telegram sends webhooks only to an https:\/\/ address\./)],
  ]);
  expect(api.calls).toEqual([]);

  api.fail("setWebhook", { status: 400, description: "Bad Request: bad webhook: Failed to resolve host: Name or service not known" });
  const refused = await setup(complete());
  expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining("Telegram refused: Call to 'setWebhook' failed! (400: Bad Request: bad webhook: Failed to resolve host") });
});
