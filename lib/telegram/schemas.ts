// Shapes of the Telegram side (issue 40): the webhook's update as far as the route needs it (grammY
// reads the rest), and what /alerts shows about the user's linked chat.
import { z } from "../shared/zod";

/**
 * A Bot API Update: its id, and one object per kind (message, inline_query, callback_query, ...),
 * which grammY reads. Unknown kinds pass through untouched: Telegram adds kinds over time, and a
 * bot must answer 200 to an update it does not handle or Telegram re-sends it.
 */
export const telegramUpdateSchema = z.looseObject({ update_id: z.number().int().min(0).max(2 ** 31 - 1) });
export type TelegramUpdateBody = z.infer<typeof telegramUpdateSchema>;

/** "none": never linked; "linked"; or why it stopped: "blocked" (the bot was blocked in the chat) or "stopped" (/stop, or removed here). */
export const telegramLinkStatusSchema = z.enum(["none", "linked", "blocked", "stopped"]);
export type TelegramLinkStatus = z.infer<typeof telegramLinkStatusSchema>;

/** The user's chat as /alerts shows it: never the chat id. `botUsername` null: no bot on this site. */
export const telegramLinkSchema = z.object({
  botUsername: z.string().nullable(),
  status: telegramLinkStatusSchema,
  /** When it was linked, or stopped (for "blocked" and "stopped"). */
  since: z.iso.datetime().nullable(),
});
export type TelegramLinkView = z.infer<typeof telegramLinkSchema>;

/** "Connect Telegram": the one-time link to open (https://t.me/<bot>?start=<token>) and until when it works. */
export const telegramConnectSchema = z.object({ url: z.url(), expiresAt: z.iso.datetime() });
export type TelegramConnect = z.infer<typeof telegramConnectSchema>;

/** How long a "Connect Telegram" link works. */
export const TELEGRAM_LINK_TTL_MS = 10 * 60_000;
