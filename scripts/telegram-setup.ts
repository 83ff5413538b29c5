// `npm run telegram:setup`: sets the bot's webhook (NEXT_PUBLIC_SITE_URL + /api/telegram, with
// TELEGRAM_WEBHOOK_SECRET) and its command menu, from the same environment as the app (docs/telegram.md).
import "./load-env";
import { TelegramSetupError, setUpTelegram } from "../lib/bot/setup.server";
import { errorMessage } from "../lib/errors/error-message";

try {
  const outcome = await setUpTelegram();
  console.log(`Webhook set: ${outcome.webhookUrl} (updates: message, inline_query, callback_query; pending updates kept).`);
  console.log(`Commands set: ${outcome.commands.join(" ")}`);
} catch (error) {
  const message = error instanceof TelegramSetupError ? error.message : `Telegram refused: ${errorMessage(error)}`;
  console.error(`telegram:setup failed. ${message}`);
  process.exitCode = 1;
}
