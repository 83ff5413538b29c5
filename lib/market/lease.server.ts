// One refresher at a time across every instance of the app: the lease is a database row that a
// refresher takes with one conditional UPDATE (only when it has expired, or is already its own),
// or by creating it; a concurrent creator loses on the primary key. SQLite and libSQL run each
// statement atomically, so two refreshers can never both see "expired" and both win.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";

export const MARKET_REFRESH_LEASE = "market-refresh";

/** True when `holder` now holds `name` until now + ttlMs. */
export async function acquireLease(db: PrismaClient, name: string, holder: string, ttlMs: number, now = new Date()): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const { count } = await db.refreshLease.updateMany({
    where: { name, OR: [{ expiresAt: { lte: now } }, { holder }] },
    data: { holder, expiresAt },
  });
  if (count === 1) return true;
  if (await db.refreshLease.findUnique({ where: { name } })) return false; // held by someone else
  try {
    await db.refreshLease.create({ data: { name, holder, expiresAt } });
    return true;
  } catch {
    return false; // another refresher created it first
  }
}

/**
 * Extends `holder`'s lease to now + ttlMs; false when someone else holds it now (it expired and
 * was taken), and then the holder must stop writing. A pass renews on a timer (every third of
 * the lease) so a pass longer than its lease keeps it, and a crashed one frees it within one lease time.
 */
export async function renewLease(db: PrismaClient, name: string, holder: string, ttlMs: number, now = new Date()): Promise<boolean> {
  const { count } = await db.refreshLease.updateMany({ where: { name, holder }, data: { expiresAt: new Date(now.getTime() + ttlMs) } });
  return count === 1;
}

/**
 * Whether `holder` still holds `name` (nobody else has taken it since), without extending it:
 * the check before a pass writes. Extending there would push the lease past the next scheduled
 * pass (a 5-minute cron would then skip every other pass).
 */
export async function holdsLease(db: PrismaClient, name: string, holder: string): Promise<boolean> {
  const row = await db.refreshLease.findUnique({ where: { name } });
  return row?.holder === holder;
}

/**
 * Gives `holder`'s lease up now, so the next refresher need not wait for it to expire: for a pass
 * abandoned unfinished (a drain's grace ran out, lib/http/shutdown.server.ts). A pass that ended
 * keeps its lease until it expires: that is what makes a second refresher within the interval skip.
 * False when `holder` no longer held it.
 */
export async function releaseLease(db: PrismaClient, name: string, holder: string): Promise<boolean> {
  const { count } = await db.refreshLease.deleteMany({ where: { name, holder } });
  return count === 1;
}
