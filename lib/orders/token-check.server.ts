// Which token a buyer may order for, read as the operator's listing preview reads it. The
// listing form's preview (GET /api/orders/token) and the quote (POST /api/orders) both call
// these, so a token is refused with the same words before and at the quote.
import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";
import { getEnv } from "@/lib/config/env";
import { configuredListingDeps, findListedCoin, previewListing, type ListingDeps } from "@/lib/listings/coins.server";
import { cleanTokenName, cleanTokenSymbol } from "@/lib/market/onchain/token-text";
import type { ListingPreview } from "@/lib/listings/schemas";
import type { OrderToken } from "@/lib/orders/order-token-schema";

/** A token a listing plan can be quoted for (not listed yet, so no coin id). */
export type TokenToList = { address: string; name: string; symbol: string; coinId: null };

/**
 * The operator's preview of a token not listed yet, refused under the liquidity floor. Refusals:
 * 409 already_listed, 422 not_a_token, not_priceable or under_liquidity_floor, 503 when the
 * chain does not answer.
 */
export async function previewTokenToList(db: PrismaClient, address: string, deps: ListingDeps): Promise<ListingPreview> {
  const preview = await previewListing(db, address, deps);
  const floor = getEnv().MARKET_MIN_LIQUIDITY_USD;
  if (preview.liquidityUsd === null || preview.liquidityUsd < floor) {
    const liquidity = preview.liquidityUsd === null ? "unknown liquidity" : `$${Math.round(preview.liquidityUsd).toLocaleString("en-US")} of liquidity`;
    throw new DomainError(
      "under_liquidity_floor",
      `${preview.symbol} cannot be listed yet: its best PulseX pool has ${liquidity}, under the $${floor.toLocaleString("en-US")} a listed price needs.`,
    );
  }
  return preview;
}

/** A token to be listed: what the operator's preview reads, refused under the liquidity floor. */
export async function tokenToList(db: PrismaClient, address: string, deps: ListingDeps): Promise<TokenToList> {
  const preview = await previewTokenToList(db, address, deps);
  return { address: preview.contractAddress, name: preview.name, symbol: preview.symbol, coinId: null };
}

/**
 * What the listing form may offer for `address`: a plan (and a slot) for a token that can be
 * listed, or only a Homepage Compare slot for one the site lists already, with the words the
 * quote would refuse its plan with. Every other refusal is thrown as the quote throws it.
 */
export async function checkOrderToken(db: PrismaClient, address: string, deps: ListingDeps = configuredListingDeps()): Promise<OrderToken> {
  try {
    // The id the coin would get is the operator's business (another listing may take it first).
    const { id: _id, cleaned: _cleaned, ...token } = await previewTokenToList(db, address, deps);
    return { kind: "new", ...token };
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== "already_listed") throw error;
    // The refusal names the coin by id only: read it for its name and symbol.
    const coin = await findListedCoin(db, address);
    if (!coin) throw error;
    return { kind: "listed", contractAddress: address, coinId: coin.id, name: cleanTokenName(coin.name), symbol: cleanTokenSymbol(coin.symbol), planRefusal: error.message };
  }
}
