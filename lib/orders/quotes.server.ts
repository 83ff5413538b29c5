// A buyer's quote: the order priced in PLS at the published PLS price, locked for QUOTE_MINUTES,
// with its slot's days held for the buyer for as long.
//
// No interactive transaction decides anything here: the unique keys do. A featured seat is a
// SlotHold row keyed (day, seat), so two buyers racing for the last seat of a day both try to
// insert the same key and one of them fails; the loser reads again and is told the day is
// taken. A wallet's open-quote limit is checked again after its order is written, and the later
// order of two racing ones is the one withdrawn.
//
// The amount names the order's id, so it is known only once the row exists. The row is written
// "quoting" (not payable: lib/orders/status.ts) and becomes "quoted" together with its amount in
// one conditional update, so no payment can be judged against an order without its amount.
import "server-only";
import { PLS_COIN_ID } from "@/lib/coins/coin-id";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { SessionUser } from "@/lib/auth/sessions.server";
import type { PrismaClient } from "@/lib/db/create-client";
import { isUniqueViolation } from "@/lib/db/errors";
import { getEnv } from "@/lib/config/env";
import { formatPriceAge } from "@/lib/shared/freshness";
import { effectiveRefreshIntervalMinutes } from "@/lib/market/refresh-interval";
import { configuredListingDeps, findListedCoin, type ListingDeps } from "@/lib/listings/coins.server";
import { cleanTokenName, cleanTokenSymbol } from "@/lib/market/onchain/token-text";
import type { CreateOrderBody, Order } from "@/lib/orders/schemas";
import { quoteWei } from "./amount";
import { addDays, daysOfSlot, utcDay } from "./calendar";
import { dayKey } from "../shared/utc-day";
import { orderPriceUsd } from "./catalog";
import { toOrder } from "./order-view";
import { assertHoldRoom, quoteClientKey } from "./hold-bounds.server";
import { freeSeatsByDay, overfullDay, sweepExpiredHolds } from "./seats.server";
import { tokenToList } from "./token-check.server";
import { MAX_OPEN_QUOTES, QUOTE_MINUTES, QUOTING_STATUS } from "./status";

/** How far ahead a slot may start. */
export const SLOT_HORIZON_DAYS = 90;


/** The payment address, or 503 listings_closed when none is configured. */
export function paymentAddressOrThrow(): string {
  const address = getEnv().LISTING_PAYMENT_ADDRESS;
  if (!address) throw new DomainError("listings_closed", "Listings are closed: this site takes no payments right now.");
  return address;
}

type Token = { address: string; name: string; symbol: string; coinId: string | null };

/**
 * Quotes an order. `body` has passed createOrderBodySchema. Refusals (nothing is kept): 503
 * listings_closed, or service_unavailable when the PLS price is unknown or stale; 409
 * already_listed, 422 not_a_token, not_priceable or under_liquidity_floor for a plan's token; 422 unknown_coin for a slot's coins; 400 for a slot's dates or a token
 * compared with itself; 409 slot_unavailable, too_many_quotes (also for the seat-days unpaid
 * quotes may hold: lib/orders/hold-bounds.server.ts, counted by `clientIp`).
 */
export async function createQuote(db: PrismaClient, user: SessionUser, body: CreateOrderBody, clientIp: string, deps: ListingDeps = configuredListingDeps()): Promise<Order> {
  const payTo = paymentAddressOrThrow();
  const now = deps.now?.() ?? new Date();
  const holds = { client: quoteClientKey(clientIp), days: body.slot?.days ?? 0, now };
  if (body.slot) assertSlotDates(body.slot.startsOn, now);
  await assertQuotesLeft(db, user.id, now, MAX_OPEN_QUOTES);
  await assertHoldRoom(db, holds);
  const plsUsd = await publishedPlsPrice(db, now);
  const token = body.plan ? await tokenToList(db, body.tokenAddress, deps) : await listedToken(db, body.tokenAddress);
  if (body.slot) await assertSlotCoins(db, token, body.slot.against);

  const priceUsd = orderPriceUsd({ plan: body.plan ?? null, slotDays: body.slot?.days ?? null });
  const created = await db.listingOrder.create({
    data: {
      userId: user.id,
      tokenAddress: token.address,
      tokenName: token.name,
      tokenSymbol: token.symbol,
      plan: body.plan ?? null,
      slotDays: body.slot?.days ?? null,
      slotStartsOn: body.slot?.startsOn ?? null,
      slotAgainstId: body.slot?.against ?? null,
      logoUrl: body.logoUrl ?? null,
      links: JSON.stringify(body.links ?? []),
      priceUsd,
      plsUsd,
      status: QUOTING_STATUS,
      amountWei: "0",
      payTo,
      quoteClient: holds.client,
      quoteExpiresAt: new Date(now.getTime() + QUOTE_MINUTES * 60_000),
      createdAt: now,
    },
  });
  try {
    // Two quotes from one wallet at once both passed the count above: the later one goes.
    const openUpToThis = await db.listingOrder.count({ where: { ...openQuotes(user.id, now), id: { lte: created.id } } });
    if (openUpToThis > MAX_OPEN_QUOTES) throw tooManyQuotes();
    // And two quotes from anyone at once cannot pass the seat-day bounds together.
    if (body.slot) await assertHoldRoom(db, { ...holds, days: 0 }, created.id);
    if (body.slot) await holdSeats(db, created.id, token, daysOfSlot(body.slot.startsOn, body.slot.days), created.quoteExpiresAt, now);
    const amountWei = quoteWei(priceUsd, plsUsd, created.id).toString();
    const quoted = await db.listingOrder.updateMany({ where: { id: created.id, status: QUOTING_STATUS }, data: { status: "quoted", amountWei } });
    if (quoted.count !== 1) throw new Error(`order ${created.id} left "${QUOTING_STATUS}" while it was quoted`);
    return toOrder(await db.listingOrder.findUniqueOrThrow({ where: { id: created.id } }), now);
  } catch (error) {
    await db.listingOrder.delete({ where: { id: created.id } }); // its holds go with it (cascade)
    throw error;
  }
}

function assertSlotDates(first: Date, now: Date): void {
  const tomorrow = addDays(utcDay(now), 1);
  if (first.getTime() < tomorrow.getTime()) {
    throw new DomainError("invalid_input", `slot.startsOn: a slot starts tomorrow (${dayKey(tomorrow)}, UTC) at the earliest.`);
  }
  const last = addDays(utcDay(now), SLOT_HORIZON_DAYS);
  if (first.getTime() > last.getTime()) throw new DomainError("invalid_input", `slot.startsOn: a slot starts within ${SLOT_HORIZON_DAYS} days (by ${dayKey(last)}).`);
}

// Quotes still being written count too: two at once must see each other.
const openQuotes = (userId: number, now: Date): Prisma.ListingOrderWhereInput => ({ userId, status: { in: ["quoted", QUOTING_STATUS] }, quoteExpiresAt: { gt: now } });
const tooManyQuotes = () =>
  new DomainError("too_many_quotes", `You have ${MAX_OPEN_QUOTES} open quotes already: pay one, or wait until one expires (${QUOTE_MINUTES} minutes after it was made).`);

async function assertQuotesLeft(db: PrismaClient, userId: number, now: Date, max: number): Promise<void> {
  if ((await db.listingOrder.count({ where: openQuotes(userId, now) })) >= max) throw tooManyQuotes();
}

/** A slot without a plan is for a token the site lists already. */
async function listedToken(db: PrismaClient, address: string): Promise<Token> {
  const coin = await findListedCoin(db, address);
  if (!coin) throw new DomainError("unknown_coin", `${address} is not listed yet: choose a listing plan with the slot.`);
  return { address, name: cleanTokenName(coin.name), symbol: cleanTokenSymbol(coin.symbol), coinId: coin.id };
}

async function assertSlotCoins(db: PrismaClient, token: Token, against: string): Promise<void> {
  const coin = await db.coin.findUnique({ where: { id: against }, select: { id: true } });
  if (!coin) throw new DomainError("unknown_coin", `No coin with id "${against}" to compare with.`);
  if (coin.id === token.coinId) throw new DomainError("invalid_input", "slot.against: compare your token with another coin, not with itself.");
}

/** The PLS price the site publishes now (USD), or null when it has none. */
export async function plsPriceUsd(db: PrismaClient): Promise<number | null> {
  const pls = await db.coin.findUnique({ where: { id: PLS_COIN_ID }, select: { currentPrice: true } });
  return pls && pls.currentPrice > 0 ? pls.currentPrice : null;
}

/** A quote's PLS price is at most this many refresh intervals old. */
export const QUOTE_PRICE_MAX_AGE_INTERVALS = 2;

/**
 * The published PLS price, when it is fresh enough to lock for a quote: at most two refresh
 * intervals old (10 minutes at the default 5), so one late pass is tolerated and a stopped refresh
 * or a source that has not answered is not. A snapshot price (the seed's) carries its old date.
 */
export async function publishedPlsPrice(db: PrismaClient, now: Date): Promise<number> {
  const pls = await db.coin.findUnique({ where: { id: PLS_COIN_ID }, select: { currentPrice: true, priceUpdatedAt: true } });
  if (!pls || !(pls.currentPrice > 0)) throw new DomainError("unavailable", "The PLS price is not known right now, so nothing can be quoted. Try again later.");
  const maxAgeMinutes = QUOTE_PRICE_MAX_AGE_INTERVALS * effectiveRefreshIntervalMinutes();
  const ageMinutes = pls.priceUpdatedAt ? Math.floor((now.getTime() - pls.priceUpdatedAt.getTime()) / 60_000) : Infinity;
  if (!(ageMinutes < maxAgeMinutes)) {
    const age = Number.isFinite(ageMinutes) ? `was last updated ${formatPriceAge(ageMinutes)} ago` : "has never been updated";
    throw new DomainError("unavailable", `The PLS price ${age}, and quotes use one under ${maxAgeMinutes} minutes old, so nothing can be quoted right now. Try again in a few minutes.`);
  }
  return pls.currentPrice;
}

/**
 * Holds one seat on each day for the order until `expiresAt` (null: for good), all or none. A
 * seat taken by another request between the read and the insert fails its insert; the read is
 * repeated.
 */
export async function holdSeats(
  db: PrismaClient,
  orderId: number,
  token: { address: string; symbol: string },
  days: Date[],
  expiresAt: Date | null,
  now: Date,
): Promise<void> {
  await sweepExpiredHolds(db, now);
  for (let attempt = 0; attempt < 4; attempt++) {
    const free = await freeSeatsByDay(db, days, now, token.address);
    const full = days.find((day) => free.get(dayKey(day))!.seats.length === 0);
    if (full) throw new DomainError("slot_unavailable", `${dayKey(full)} has no free Homepage Compare slot: pick other days.`);
    const clash = days.find((day) => free.get(dayKey(day))!.tokenHeld);
    if (clash) throw new DomainError("slot_unavailable", `${token.symbol} already has a Homepage Compare slot on ${dayKey(clash)}.`);
    try {
      await db.$transaction(days.map((day) => db.slotHold.create({ data: { day, seat: free.get(dayKey(day))!.seats[0]!, orderId, expiresAt } })));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      continue;
    }
    // An operator's promoted slot written since the read above takes a seat too.
    const overfull = await overfullDay(db, days, now);
    if (!overfull) return;
    await db.slotHold.deleteMany({ where: { orderId, day: { in: days } } });
    throw new DomainError("slot_unavailable", `${dayKey(overfull.day)} has no free Homepage Compare slot: pick other days.`);
  }
  throw new DomainError("slot_unavailable", "Those days were just taken: pick other days.");
}
