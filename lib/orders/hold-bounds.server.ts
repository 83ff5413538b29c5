// How many featured seat-days unpaid quotes may hold (issue 38, item 3). Sign-in costs nothing and
// a wallet may hold MAX_OPEN_QUOTES quotes, so a per-wallet limit alone lets one visitor with a few
// throwaway wallets keep the whole calendar held for 15 minutes at a time, again and again. These
// bounds count the days held by quotes nobody has paid: past them, holding more days means paying.
//
// - Per client (its IP, IPv6 counted per /64 as the rate limits do): 14 seat-days, two 7-day slots;
//   enough for a few buyers behind one address, about 8% of the calendar's 180 seat-days.
// - In total: 60 seat-days (a third of the calendar), whatever the number of clients. When it is
//   reached a buyer is told, in a 409 slot_unavailable, when the next held day lapses; a listing
//   plan without a slot can still be quoted.
//
// Counted from the orders themselves (status quoting or quoted, quote unexpired), by the days
// each asked for: an order's row is written before its seats are held, so of two quotes racing
// past a bound the later one (higher id) sees the earlier one and is withdrawn, as the open-quote
// limit does. A payment recorded for a quote does not take it out of the count: a transfer that
// names an order costs only gas.
import "server-only";
import { createHmac } from "node:crypto";
import { DomainError } from "@/lib/errors/domain-error";
import { getEnv } from "@/lib/config/env";
import type { PrismaClient } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ipKey } from "@/lib/security/client-ip.server";
import { QUOTE_MINUTES, QUOTING_STATUS } from "./status";

/** Seat-days one client's unpaid quotes may hold at once. */
export const MAX_HELD_SEAT_DAYS_PER_CLIENT = 14;
/** Seat-days all unpaid quotes together may hold at once. */
export const MAX_HELD_SEAT_DAYS_TOTAL = 60;

/**
 * What the order records of the client that asked for it: a keyed hash of its IP key, so that
 * quotes from one client can be counted together without the database keeping anyone's address.
 */
export function quoteClientKey(ip: string): string {
  return createHmac("sha256", `quote-client:${getEnv().NEXTAUTH_SECRET ?? ""}`).update(ipKey(ip)).digest("base64url").slice(0, 22);
}

type HoldCheck = { client: string; days: number; now: Date };

/**
 * Refuses a quote whose `days` would take its client, or everyone, past a bound. Before the
 * order is written, `upToOrderId` is left out and `days` are the ones asked for; after, the
 * order is one of those counted (ids up to its own) and `days` is 0.
 */
export async function assertHoldRoom(db: PrismaClient, { client, days, now }: HoldCheck, upToOrderId?: number): Promise<void> {
  if (days === 0 && upToOrderId === undefined) return;
  const unpaid: Prisma.ListingOrderWhereInput = {
    status: { in: ["quoted", QUOTING_STATUS] },
    quoteExpiresAt: { gt: now },
    slotDays: { not: null },
    ...(upToOrderId !== undefined && { id: { lte: upToOrderId } }),
  };
  const heldBy = async (where: Prisma.ListingOrderWhereInput) => (await db.listingOrder.aggregate({ where, _sum: { slotDays: true } }))._sum.slotDays ?? 0;

  if ((await heldBy({ ...unpaid, quoteClient: client })) + days > MAX_HELD_SEAT_DAYS_PER_CLIENT) {
    throw new DomainError(
      "too_many_quotes",
      `Unpaid quotes from your connection hold ${MAX_HELD_SEAT_DAYS_PER_CLIENT} days of Homepage Compare slots at most: pay one, or wait until one expires (${QUOTE_MINUTES} minutes after it was made).`,
    );
  }
  if ((await heldBy(unpaid)) + days > MAX_HELD_SEAT_DAYS_TOTAL) {
    const next = await db.listingOrder.findFirst({ where: unpaid, orderBy: { quoteExpiresAt: "asc" }, select: { quoteExpiresAt: true } });
    const at = (next?.quoteExpiresAt ?? new Date(now.getTime() + QUOTE_MINUTES * 60_000)).toISOString().slice(11, 16);
    throw new DomainError(
      "slot_unavailable",
      `Unpaid quotes hold ${MAX_HELD_SEAT_DAYS_TOTAL} days of Homepage Compare slots right now, the most the site holds at once: try again after ${at} UTC, when the next one lapses. A listing plan without a slot can be quoted now.`,
    );
  }
}
