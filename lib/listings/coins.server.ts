// Listing a PulseChain token: its name, symbol and decimals come from the contract, its first
// price from PulseX through any base token (WPLS, a stablecoin, HEX, PLSX, INC: a token without a
// priced pool against one of them cannot be listed), and the coin joins
// the list at once with a price snapshot and a rank. Also the operators' edits to a coin.
import "server-only";
import { getAddress, type PublicClient } from "viem";
import { DomainError } from "@/lib/errors/domain-error";
import type { Coin as CoinRow } from "@/lib/generated/prisma/client";
import type { PrismaClient } from "@/lib/db/create-client";
import { isUniqueViolation } from "@/lib/db/errors";
import { getEnv } from "@/lib/config/env";
import { createPulseChainClient, shortMessage } from "@/lib/market/onchain/client.server";
import { KNOWN_LABELS, PULSECHAIN_CHAIN_ID, type PulseXContracts } from "@/lib/market/onchain/contracts";
import { readTokenMetadata, TokenReadError, type TokenMetadata } from "@/lib/market/onchain/token-metadata.server";
import { highestHeld, type HeldHighs } from "@/lib/market/pass/held-highs";
import { parseBurnAddresses, underLiquidityFloor } from "@/lib/market/pass/publish";
import { rerank } from "@/lib/market/pass/pass-writes.server";
import { configuredPulseXContracts } from "@/lib/market/run.server";
import { createPulseXSource } from "@/lib/market/sources/pulsex.server";
import type { Quote } from "@/lib/market/types";
import { forkOfAddress } from "@/lib/coins/fork-copies";
import { parseTags } from "@/lib/coins/serialize";
import { coinIdSchema } from "@/lib/coins/schemas";
import type { AdminCoin, CorrectHighBody, ListCoinBody, ListingPreview, UpdateCoinBody } from "@/lib/listings/schemas";
import { firstFreeId, slugFromSymbol } from "./slug";
import { coinsChanged } from "@/lib/coins/coins-changed.server";

export const LISTING_CHAIN = "pulsechain";
export const LISTING_SOURCE = "pulsex";

export type ListingDeps = { client: PublicClient; contracts: PulseXContracts; now?: () => Date };

/** The chain and contracts from the environment (PULSECHAIN_RPC_URL, the PulseX overrides). */
export function configuredListingDeps(): ListingDeps {
  return {
    client: createPulseChainClient(getEnv().PULSECHAIN_RPC_URL, { retries: 1 }),
    contracts: configuredPulseXContracts(),
  };
}

export function toAdminCoin(row: CoinRow): AdminCoin {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    logoUrl: row.logoUrl,
    tags: parseTags(row.tags),
    chain: row.chain,
    contractAddress: row.contractAddress,
    decimals: row.decimals,
    burnAddresses: parseBurnAddresses(row.burnAddresses) ?? null,
    quoteSource: row.quoteSource,
    priceSource: row.priceSource,
    currentPrice: row.currentPrice,
    marketCap: row.marketCap,
    liquidityUsd: row.liquidityUsd,
    rank: row.rank,
    listedAt: row.listedAt.toISOString(),
    athPrice: row.athPrice,
    athAt: row.athAt?.toISOString() ?? null,
    athMarketCap: row.athMarketCap,
    athMarketCapAt: row.athMarketCapAt?.toISOString() ?? null,
    supplyNote: row.supplyNote,
    forkOf: row.forkOf,
    quarantine: row.quarantinedAt ? { since: row.quarantinedAt.toISOString(), reason: row.contractFailureReason, failures: row.contractFailures } : null,
  };
}

/** Every coin, newest listing first (what an operator just listed is on top). */
export async function listAdminCoins(db: PrismaClient): Promise<AdminCoin[]> {
  const rows = await db.coin.findMany({ orderBy: [{ listedAt: "desc" }, { rank: "asc" }, { id: "asc" }] });
  return rows.map(toAdminCoin);
}

/**
 * Lists a token by its contract address. `input` has passed listCoinBodySchema (the API's
 * declaration and the CLI both parse with it, so they share every rule). Refusals: 409
 * already_listed, 409 listing_changed (the chain no longer answers the `confirmed` preview), 422
 * not_a_token or not_priceable, 503 when the RPC is down; nothing is written then.
 */
export async function listCoin(db: PrismaClient, input: ListCoinBody, deps: ListingDeps = configuredListingDeps()): Promise<AdminCoin> {
  const { contractAddress, logoUrl, tags, burnAddresses, confirmed } = input;
  await assertNotListed(db, contractAddress);
  await assertPulseChain(deps.client);
  const token = await readToken(deps, contractAddress);
  if (confirmed) assertAsConfirmed(token, confirmed);
  const quote = await priceOnce(deps, token, burnAddresses);
  const lowLiquidity = underLiquidityFloor(LISTING_SOURCE, quote.liquidityUsd, getEnv().MARKET_MIN_LIQUIDITY_USD);

  const now = deps.now?.() ?? new Date();
  const base = slugFromSymbol(token.symbol);
  // Another listing may take the id (or list this very token) between the read and the insert:
  // the unique indexes decide, and the loser looks again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await db.coin.findMany({ where: { id: { startsWith: base } }, select: { id: true } });
    const id = firstFreeId(base, new Set(taken.map((row) => row.id)));
    try {
      await db.$transaction([
        db.coin.create({
          data: {
            id,
            symbol: token.symbol,
            name: token.name,
            logoUrl: logoUrl ?? null,
            currentPrice: quote.price,
            marketCap: quote.marketCap!,
            priceChange24h: null,
            rank: (await db.coin.count()) + 1,
            chain: LISTING_CHAIN,
            contractAddress: token.address,
            circulatingSupply: quote.circulatingSupply ?? null,
            decimals: token.decimals,
            tags: (tags ?? []).join(","),
            burnAddresses: burnAddresses ? JSON.stringify(burnAddresses) : null,
            priceSource: LISTING_SOURCE,
            quoteSource: LISTING_SOURCE,
            quoteId: token.address,
            liquidityUsd: quote.liquidityUsd,
            provenance: quote.provenance ? JSON.stringify(quote.provenance) : null,
            forkOf: forkOfAddress(token.address),
            // The first accepted price: fresh now, and the first all-time high. A pool under the
            // floor still lists (the operator saw its liquidity), flagged and out of the rankings,
            // but with no high: a price that cheap to move is no record (issue 30). Its first high
            // comes from prices the passes hold once the pool is over the floor.
            priceUpdatedAt: now,
            ...(lowLiquidity ? {} : { athPrice: quote.price, athMarketCap: quote.marketCap!, athAt: now, athMarketCapAt: now }),
            lowLiquidity,
            listedAt: now,
            updatedAt: now,
          },
        }),
        db.priceSnapshot.create({ data: { coinId: id, price: quote.price, marketCap: quote.marketCap!, takenAt: now } }),
      ]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await assertNotListed(db, token.address);
      continue;
    }
    await rerank(db);
    await coinsChanged(db);
    return toAdminCoin(await db.coin.findUniqueOrThrow({ where: { id } }));
  }
  throw new Error(`no free coin id for ${base} after 5 attempts`);
}

/** Raw text in a preview: enough to see what cleaning did, never a contract's megabyte. */
const MAX_RAW_PREVIEW_LENGTH = 256;

/**
 * What listing a token would create, without writing anything: the same checks and chain reads
 * as listCoin (409 already_listed, 422 not_a_token or not_priceable, 503), the cleaned name and
 * symbol with the raw ones where cleaning changed them, and the first price. The admin page shows
 * it before the operator confirms the listing.
 */
export async function previewListing(db: PrismaClient, contractAddress: string, deps: ListingDeps = configuredListingDeps()): Promise<ListingPreview> {
  await assertNotListed(db, contractAddress);
  await assertPulseChain(deps.client);
  const token = await readToken(deps, contractAddress);
  const quote = await priceOnce(deps, token, undefined);
  const base = slugFromSymbol(token.symbol);
  const taken = await db.coin.findMany({ where: { id: { startsWith: base } }, select: { id: true } });
  const rawIfChanged = (raw: string, cleaned: string) => {
    if (raw === cleaned) return null;
    const codePoints = Array.from(raw);
    return codePoints.length > MAX_RAW_PREVIEW_LENGTH ? `${codePoints.slice(0, MAX_RAW_PREVIEW_LENGTH).join("")}…` : raw;
  };
  const raw = { name: rawIfChanged(token.raw.name, token.name), symbol: rawIfChanged(token.raw.symbol, token.symbol) };
  return {
    contractAddress: token.address,
    id: firstFreeId(base, new Set(taken.map((row) => row.id))),
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    currentPrice: quote.price,
    marketCap: quote.marketCap,
    circulatingSupply: quote.circulatingSupply ?? null,
    liquidityUsd: quote.liquidityUsd,
    cleaned: raw.name !== null || raw.symbol !== null,
    raw,
  };
}

/** The chain must still answer what the operator was shown in the preview. */
function assertAsConfirmed(token: TokenMetadata, confirmed: { name: string; symbol: string; decimals: number }): void {
  if (token.name === confirmed.name && token.symbol === confirmed.symbol && token.decimals === confirmed.decimals) return;
  throw new DomainError(
    "listing_changed",
    `The token now reads "${token.name}" (${token.symbol}, ${token.decimals} decimals), not what the preview showed. Preview it again and check it before listing.`,
  );
}

/** The coin listed for a PulseChain contract address (EIP-55), or null. */
export function findListedCoin(db: PrismaClient, address: string): Promise<{ id: string; name: string; symbol: string } | null> {
  return db.coin.findUnique({ where: { chain_contractAddress: { chain: LISTING_CHAIN, contractAddress: address } }, select: { id: true, name: true, symbol: true } });
}

async function assertNotListed(db: PrismaClient, address: string): Promise<void> {
  const existing = await findListedCoin(db, address);
  if (existing) throw new DomainError("already_listed", `${address} is already listed as "${existing.id}".`);
}

/** A chain that is down or is not PulseChain is the server's problem (503), not the token's. */
export async function assertPulseChain(client: PublicClient): Promise<void> {
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (error) {
    throw new DomainError("unavailable", `The PulseChain RPC did not answer (${shortMessage(error)}). Try again later.`);
  }
  if (chainId !== PULSECHAIN_CHAIN_ID) {
    throw new DomainError("unavailable", `The server's RPC serves chain ${chainId}, not PulseChain (${PULSECHAIN_CHAIN_ID}): check PULSECHAIN_RPC_URL.`);
  }
}

async function readToken(deps: ListingDeps, address: string): Promise<TokenMetadata> {
  try {
    return await readTokenMetadata(deps.client, deps.contracts, address);
  } catch (error) {
    if (error instanceof TokenReadError) throw new DomainError("not_a_token", error.message);
    throw error;
  }
}

async function priceOnce(deps: ListingDeps, token: TokenMetadata, burnAddresses: string[] | undefined): Promise<Quote & { marketCap: number }> {
  // A fresh in-memory pool cache: a preview (or a refused listing) writes nothing; the refresh
  // pass discovers the token's pools into the database on its first pass after the listing.
  const source = createPulseXSource({ client: deps.client, contracts: deps.contracts });
  const { quotes, failures } = await source.fetchQuotes([{ coinId: "listing", quoteId: token.address, burnAddresses }]);
  const quote = quotes.get("listing");
  if (!quote) {
    const failure = failures[0];
    const reason = (failure?.reason ?? "no quote").replace(/^pulsex: /, "");
    if (failure?.kind === "unreachable" || failure?.kind === "deferred") {
      throw new DomainError("unavailable", `The PulseChain RPC failed while pricing ${token.symbol} (${reason}). Try again later.`);
    }
    throw new DomainError(
      "not_priceable",
      `${token.symbol} cannot be listed: ${reason}. A listing needs a PulseX pool with reserves against WPLS, a stablecoin or a base token (${baseTokenNames(deps.contracts)}).`,
    );
  }
  // All of it at burn addresses: the source says a market cap of 0, which a listing cannot rank.
  if (quote.marketCap === null || quote.circulatingSupply === 0) {
    throw new DomainError("not_priceable", `${token.symbol} cannot be listed: its whole supply sits at burn addresses, so it has no market cap.`);
  }
  return { ...quote, marketCap: quote.marketCap };
}

/** The bases other than WPLS and the stablecoins, by name where known, for the refusal message. */
function baseTokenNames(contracts: PulseXContracts): string {
  const names = (contracts.baseTokens ?? []).map((address) => KNOWN_LABELS[getAddress(address)] ?? address);
  return names.length ? names.join(", ") : "none configured";
}

/** 404 for an id that is not a coin (malformed ids included: they cannot be one). */
export async function findCoinOrThrow(db: PrismaClient, id: string): Promise<CoinRow> {
  const parsed = coinIdSchema.safeParse(id);
  const row = parsed.success ? await db.coin.findUnique({ where: { id: parsed.data } }) : null;
  if (!row) throw new DomainError("not_found", `No coin with id "${id.slice(0, 80)}".`);
  return row;
}

/**
 * Corrects a wrong all-time high: back to the highest held price and market cap on record (the
 * coin's snapshots, lib/market/pass/held-highs.ts), or to the figures given. It may lower the highs;
 * passes raise them again only with prices that hold. 422 no_held_high when the record holds
 * none (then the operator gives the figures).
 */
export async function correctHigh(db: PrismaClient, id: string, body: CorrectHighBody, now = new Date()): Promise<AdminCoin> {
  const row = await findCoinOrThrow(db, id);
  let highs: HeldHighs;
  if (body.athPrice !== undefined && body.athMarketCap !== undefined) {
    highs = { athPrice: body.athPrice, athAt: now, athMarketCap: body.athMarketCap, athMarketCapAt: now };
  } else {
    // The seed's sample history is not a record of prices: never a high.
    const record = await db.priceSnapshot.findMany({ where: { coinId: row.id, sample: false }, select: { price: true, marketCap: true, takenAt: true } });
    const held = highestHeld(record);
    if (!held) throw new DomainError("no_held_high", `${row.symbol} has no price on record that held (3 passes over 10 minutes): give the high's figures instead.`);
    highs = held;
  }
  const updated = await db.coin.update({ where: { id: row.id }, data: { ...highs, athMarketCapEstimated: false } });
  await coinsChanged(db);
  return toAdminCoin(updated);
}

/**
 * Sets a coin's logo, tags, burn addresses, supply note or the Ethereum token it is a fork copy
 * of (null: clear the logo, the note or the mark / back to the default burn set). `patch` has passed updateCoinBodySchema.
 */
export async function updateCoin(db: PrismaClient, id: string, patch: UpdateCoinBody): Promise<AdminCoin> {
  const row = await findCoinOrThrow(db, id);
  const updated = await db.coin.update({
    where: { id: row.id },
    data: {
      ...(patch.logoUrl !== undefined && { logoUrl: patch.logoUrl }),
      ...(patch.tags !== undefined && { tags: patch.tags.join(",") }),
      ...(patch.burnAddresses !== undefined && { burnAddresses: patch.burnAddresses ? JSON.stringify(patch.burnAddresses) : null }),
      ...(patch.supplyNote !== undefined && { supplyNote: patch.supplyNote }),
      ...(patch.forkOf !== undefined && { forkOf: patch.forkOf }),
    },
  });
  await coinsChanged(db);
  return toAdminCoin(updated);
}
