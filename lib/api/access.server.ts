// The guards behind each declared access level (lib/contract/endpoint.ts Access). Writes are checked
// for their origin before anything is read; sessions after that; operators last.
import "server-only";
import { timingSafeEqual } from "node:crypto";
import { assertWriteFromSite, requireSessionUser, requireSessionUserForWrite } from "@/lib/auth/current-user.server";
import type { SessionUser } from "@/lib/auth/sessions.server";
import { getEnv } from "@/lib/config/env";
import { requireOperator, requireOperatorForWrite } from "@/lib/auth/operators.server";
import type { Access, Method } from "@/lib/contract/endpoint";
import { ApiError } from "./errors";

/** The signed-in user for `user` and `operator` endpoints; undefined for the rest. */
export async function enforceAccess(access: Access, method: Method, request: Request): Promise<SessionUser | undefined> {
  const write = method !== "GET";
  switch (access) {
    case "public":
      return undefined;
    case "site":
      assertWriteFromSite(request);
      return undefined;
    case "user":
      return write ? requireSessionUserForWrite(request) : requireSessionUser(request);
    case "operator":
      return write ? requireOperatorForWrite(request) : requireOperator(request);
    case "cron":
      assertCronSecret(request);
      return undefined;
    case "telegram":
      assertTelegramSecret(request);
      return undefined;
  }
}

/**
 * Telegram sends the secret given to setWebhook in X-Telegram-Bot-Api-Secret-Token with every
 * update; anything else is refused, and so is everyone when no bot or secret is configured.
 */
function assertTelegramSecret(request: Request): void {
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: secret } = getEnv();
  const given = Buffer.from(request.headers.get("x-telegram-bot-api-secret-token") ?? "");
  const expected = Buffer.from(secret ?? "");
  if (!token || !secret || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError("unauthenticated", "This endpoint is for Telegram; it needs the webhook's secret token.");
  }
}

/**
 * Vercel Cron sends `Authorization: Bearer $CRON_SECRET`; anything else is refused, and so is
 * everyone when no secret is configured. Compared in constant time.
 */
function assertCronSecret(request: Request): void {
  const secret = getEnv().CRON_SECRET;
  const given = Buffer.from(request.headers.get("authorization") ?? "");
  const expected = Buffer.from(`Bearer ${secret ?? ""}`);
  if (!secret || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError("unauthenticated", "This endpoint is for the scheduler; it needs the cron secret.");
  }
}
