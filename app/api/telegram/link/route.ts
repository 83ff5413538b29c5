import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { createLinkToken, telegramLinkOf, unlinkTelegram } from "@/lib/telegram/link-tokens.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.telegramLink, ({ user }) => telegramLinkOf(getDb(), user.id)),
  POST: route(endpoints.connectTelegram, ({ user }) => createLinkToken(getDb(), user.id)),
  DELETE: route(endpoints.unlinkTelegram, async ({ user }) => {
    await unlinkTelegram(getDb(), { userId: user.id }, "stopped");
  }),
});
