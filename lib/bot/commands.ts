// The command list Telegram shows in a chat's menu ("/" button), set by `npm run telegram:setup`
// (setMyCommands). One list for every feature's commands, so the menu is set in one call; each
// command's handler lives with its feature (answers, linking, listing .server.ts).
import type { BotCommand } from "grammy/types";

export const BOT_COMMANDS: readonly BotCommand[] = [
  { command: "compare", description: "HEX ETH [amount]: a coin at another's market cap" },
  { command: "price", description: "HEX: price and market cap" },
  { command: "ath", description: "HEX: all-time high and how far below it" },
  { command: "top", description: "Today's top gaining PulseChain coins" },
  { command: "list", description: "0x…: list your token on PulseCompare" },
  { command: "alerts", description: "Your alerts (after Connect Telegram on the site)" },
  { command: "stop", description: "Stop alerts in this chat" },
  { command: "help", description: "What this bot does" },
];

/** The updates the bot handles; anything else Telegram need not send. */
export const ALLOWED_UPDATES = ["message", "inline_query", "callback_query"] as const;

/** The webhook's path on the site (app/api/telegram/route.ts). */
export const WEBHOOK_PATH = "/api/telegram";
