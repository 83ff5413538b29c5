// SIWE nonces: issued by the server, stored, short-lived and single-use.
import "server-only";
import { randomInt } from "node:crypto";
import type { PrismaClient } from "@/lib/db/create-client";
import { NONCE_TTL_MS } from "./config.server";

/** 24 characters of [A-Za-z0-9]: ~143 bits, well over EIP-4361's minimum of 8 characters. */
export const NONCE_LENGTH = 24;
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A string of `length` characters drawn uniformly (crypto RNG) from [A-Za-z0-9]. */
function randomAlphanumeric(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export async function issueNonce(db: PrismaClient, now = new Date()): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = randomAlphanumeric(NONCE_LENGTH);
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
  // Expired nonces are useless; clearing them here keeps the table small without a cron job.
  await db.siweNonce.deleteMany({ where: { expiresAt: { lte: now } } });
  await db.siweNonce.create({ data: { value: nonce, expiresAt } });
  return { nonce, expiresAt };
}

/**
 * Uses up a nonce. One DELETE statement decides, so of two concurrent sign-ins with the same
 * nonce exactly one sees count 1. Unknown, used and expired nonces all return false.
 */
export async function consumeNonce(db: PrismaClient, nonce: string, now = new Date()): Promise<boolean> {
  const { count } = await db.siweNonce.deleteMany({ where: { value: nonce, expiresAt: { gt: now } } });
  return count === 1;
}
