// Alerts in Telegram, the bot's side: /start <token> links the chat to the user who asked for the
// token on /alerts, /alerts lists their rules, /stop unlinks. The token's checks and the writes are
// in link-tokens.server.ts; delivery is the alert outbox's (lib/alerts/outbox.server.ts).
import "server-only";
import type { Bot, Context } from "grammy";
import { listAlertRules } from "@/lib/alerts/rules.server";
import { getSiteUrl } from "@/lib/config/site";
import { getDb } from "@/lib/db/get-db.server";
import type { AlertRuleView } from "@/lib/alerts/schemas";
import { consumeLinkToken, linkChat, linkedUserOf, unlinkTelegram } from "../telegram/link-tokens.server";

/** A "Connect Telegram" token as it arrives in /start (Telegram allows A-Z a-z 0-9 _ - up to 64). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

const alertsPage = () => `${getSiteUrl()}/alerts`;
const howToLink = () => `Open ${alertsPage()}, sign in and choose 'Connect Telegram'.`;

const REFUSED = {
  unknown: "This link is not valid.",
  used: "This link has already been used.",
  expired: "This link has expired (links work for 10 minutes).",
} as const;

/** The chat's id as stored (text: it can exceed 32 bits); null outside a private chat. */
function privateChatId(ctx: Context): string | null {
  return ctx.chat?.type === "private" ? String(ctx.chat.id) : null;
}

export async function startLinking(ctx: Context, token: string): Promise<void> {
  const chatId = privateChatId(ctx);
  // Alerts are personal: a group would show them to everyone in it. The token stays unused, so
  // the same link still works when opened in the bot's private chat.
  if (!chatId) {
    await ctx.reply(`Alerts come to a private chat with me: open @${ctx.me.username} and press Start there.`);
    return;
  }
  const db = getDb();
  const consumed = await consumeLinkToken(db, token);
  if (consumed.kind === "refused") {
    await ctx.reply(`${REFUSED[consumed.reason]} ${howToLink()}`);
    return;
  }
  await linkChat(db, consumed.userId, chatId);
  await ctx.reply(
    [
      "Linked: your PulseCompare alerts will arrive in this chat, each with a button to its page.",
      "/alerts lists your alerts; /stop unlinks this chat.",
      `Add or change alerts at ${alertsPage()}.`,
    ].join("\n"),
  );
}

const STATE_WORDS: Record<AlertRuleView["state"], string> = {
  armed: "on",
  waiting: "fired, waiting to re-arm",
  waiting_for_market_cap: "waiting for a market cap",
  paused: "paused",
  coin_gone: "coin gone",
};

async function listAlerts(ctx: Context): Promise<void> {
  const chatId = privateChatId(ctx);
  const userId = chatId ? await linkedUserOf(getDb(), chatId) : null;
  if (userId === null) {
    await ctx.reply(chatId ? `This chat is not linked to PulseCompare alerts. ${howToLink()}` : `Alerts come to a private chat with me: open @${ctx.me.username}.`);
    return;
  }
  const rules = await listAlertRules(getDb(), userId);
  if (rules.length === 0) {
    await ctx.reply(`You have no alerts yet. Add them at ${alertsPage()}.`);
    return;
  }
  const lines = rules.map((rule) => `• ${rule.description} (${STATE_WORDS[rule.state]})`);
  await ctx.reply([`Your alerts (${rules.length}):`, ...lines, `Change them at ${alertsPage()}.`].join("\n"));
}

async function stop(ctx: Context): Promise<void> {
  const chatId = privateChatId(ctx);
  const unlinked = chatId ? await unlinkTelegram(getDb(), { chatId }, "stopped") : false;
  await ctx.reply(unlinked ? `Unlinked: alerts no longer come to this chat. To link it again: ${howToLink()}` : "This chat is not linked to PulseCompare alerts.");
}

export function registerLinking(bot: Bot<Context>): void {
  bot.command("alerts", listAlerts);
  bot.command("stop", stop);
}
