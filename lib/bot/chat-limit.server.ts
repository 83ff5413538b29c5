// The bot's per-chat rate limit, in the site's rate-limit store (lib/security: memory, or Redis
// shared by every instance). A command, a button press or an inline query spends one point of its
// chat's "telegram-chat" budget. A private chat is its user, so it shares one budget with that
// user's inline queries (which come from no chat); a group has its own. Over
// budget, the chat is told to slow down once per window ("telegram-slow-down") and then gets no
// answer at all until its window ends, so a flood costs one reply, and other chats nothing.
import "server-only";
import type { Context, NextFunction } from "grammy";
import { consumeRateLimit } from "@/lib/security/rate-limit.server";
import { SLOW_DOWN_TEXT } from "./replies";

/** The key an update counts on, or null for an update the bot does not answer (a plain group message, a join). */
function chatKey(ctx: Context): string | null {
  const answered = ctx.inlineQuery || ctx.callbackQuery || ctx.message?.text?.startsWith("/");
  if (!answered || !ctx.from) return null;
  return ctx.chat && ctx.chat.type !== "private" ? `chat:${ctx.chat.id}` : `user:${ctx.from.id}`;
}

export async function limitChat(ctx: Context, next: NextFunction): Promise<void> {
  const chat = chatKey(ctx);
  if (chat === null) return next();
  const verdict = await consumeRateLimit("telegram-chat", { ip: "", chat });
  if (verdict.allowed) return next();
  // An inline query over budget just gets no results: there is no chat to say it in.
  if (ctx.inlineQuery) return;
  const warn = await consumeRateLimit("telegram-slow-down", { ip: "", chat });
  if (!warn.allowed) return;
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: SLOW_DOWN_TEXT });
  else await ctx.reply(SLOW_DOWN_TEXT);
}
