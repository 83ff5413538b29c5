// Telegram's webhook (setWebhook with TELEGRAM_WEBHOOK_SECRET: `npm run telegram:setup`). The
// access guard refuses anything without the secret header (401); the update is handled within the
// request, so Telegram's next update to this chat waits for this one, and answered 200 once
// handled, when it was already handled, or when the Bot API refused the answer for good (a 403 or
// 400: sending the update again would be refused again). A Bot API that does not answer (a
// network error, a 5xx, a long 429) is a 503: Telegram sends the update again later
// (lib/bot/handle-update.server.ts).
import type { Update } from "grammy/types";
import { endpoints } from "@/lib/api/contract";
import { DomainError } from "@/lib/errors/domain-error";
import { errorMessage } from "@/lib/errors/error-message";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { handleTelegramUpdate } from "@/lib/bot/handle-update.server";

export const dynamic = "force-dynamic";
export const maxDuration = 30;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(endpoints.telegramWebhook, async ({ body }) => {
    try {
      await handleTelegramUpdate(getDb(), body as unknown as Update);
    } catch (error) {
      console.error(`[telegram] update ${body.update_id} failed: ${errorMessage(error)}`);
      throw new DomainError("unavailable", "The update could not be answered now; Telegram will send it again.");
    }
    return { ok: true as const };
  }),
});
