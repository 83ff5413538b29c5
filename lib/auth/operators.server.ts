// Who may list coins and schedule featured slots: the wallets in OPERATOR_ADDRESSES. The admin
// API checks it on every request, after the session (401) and, for writes, the origin (403).
import "server-only";
import { getAddress, isAddress } from "viem";
import { DomainError } from "@/lib/errors/domain-error";
import { requireSessionUser, requireSessionUserForWrite } from "@/lib/auth/current-user.server";
import { OPERATOR_SIGNATURE_MAX_AGE_MS } from "@/lib/auth/config.server";
import type { SessionUser } from "@/lib/auth/sessions.server";
import { getEnv } from "@/lib/config/env";

/** Whether this wallet is an operator. No OPERATOR_ADDRESSES: nobody is. */
export function isOperator(address: string): boolean {
  if (!isAddress(address, { strict: false })) return false;
  const operators = getEnv().OPERATOR_ADDRESSES ?? [];
  return operators.includes(getAddress(address));
}

function assertOperator(user: SessionUser): SessionUser {
  if (!isOperator(user.address)) throw new DomainError("not_allowed", "This is for operators only: your wallet is not one of them.");
  return user;
}

/** For the admin reads: a live session (401) of an operator (403). */
export async function requireOperator(request: Request): Promise<SessionUser> {
  return assertOperator(await requireSessionUser(request));
}

/**
 * For the admin writes: from the site's own pages (403), a live session (401), an operator (403)
 * who signed with the wallet at most 15 minutes ago (401 reauthentication_required). A session
 * lasts days; a stolen or forgotten one must not be enough to change what the public site shows.
 */
export async function requireOperatorForWrite(request: Request, now = new Date()): Promise<SessionUser> {
  const user = assertOperator(await requireSessionUserForWrite(request));
  if (now.getTime() - user.signedInAt.getTime() > OPERATOR_SIGNATURE_MAX_AGE_MS) throw reauthenticationRequired();
  return user;
}

export function reauthenticationRequired(): DomainError {
  const minutes = OPERATOR_SIGNATURE_MAX_AGE_MS / 60_000;
  return new DomainError(
    "reauthentication_required",
    `Admin changes need a wallet signature from the last ${minutes} minutes. Sign in again with your wallet, then try again.`,
  );
}
