// The bag page's token list: every listed PulseChain coin with what valuing a holding needs
// (contract, decimals, price, market cap, all-time-high market cap, when the price was accepted). Built once per coin snapshot
// and fetched whole by the page before it reads a wallet, so the read asks the site nothing that
// depends on the wallet: the same cached body serves every visitor. Pure: no I/O.
import { getAddress, isAddress, type Address } from "viem";
import type { Coin } from "../coins/schemas";

/**
 * [id, symbol, name, logoUrl, address (null: PLS, the chain's own coin), decimals (null: not
 * recorded, read on-chain with the balance), price, marketCap, athMarketCap, priceUpdatedAt (ISO:
 * a row says when its price is stale, lib/shared/freshness.ts)], by rank. Arrays, not objects:
 * 5,000 rows without their keys.
 */
export type BagTokenRow = [
  id: string,
  symbol: string,
  name: string,
  logoUrl: string | null,
  address: string | null,
  decimals: number | null,
  price: number,
  marketCap: number,
  athMarketCap: number | null,
  priceUpdatedAt: string,
];

export type BagToken = {
  id: string;
  symbol: string;
  name: string;
  logoUrl: string | null;
  address: Address | null;
  decimals: number | null;
  currentPrice: number;
  marketCap: number;
  athMarketCap: number | null;
  /** When the price was accepted (ISO); absent where no price age is known (a single read on a pair page). */
  priceUpdatedAt?: string | null;
};

const PULSECHAIN = "pulsechain";

/** The PulseChain coins of a snapshot as rows; `decimalsById` holds what the coin table recorded. */
export function toBagTokenRows(coinsByRank: readonly Coin[], decimalsById: ReadonlyMap<string, number | null>): BagTokenRow[] {
  const rows: BagTokenRow[] = [];
  for (const coin of coinsByRank) {
    if (coin.chain !== PULSECHAIN) continue;
    rows.push([coin.id, coin.symbol, coin.name, coin.logoUrl, coin.contractAddress, decimalsById.get(coin.id) ?? null, coin.currentPrice, coin.marketCap, coin.athMarketCap, coin.priceUpdatedAt]);
  }
  return rows;
}

const finiteOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

/**
 * The body of GET /api/bag-tokens as tokens. Checked row by row (a malformed row is dropped, as
 * the coin index does) without zod, which the page would otherwise load for this alone.
 */
export function fromBagTokenIndex(body: unknown): BagToken[] {
  const rows = (body as { tokens?: unknown } | null)?.tokens;
  if (!Array.isArray(rows)) throw new Error("The token list has no tokens.");
  const tokens: BagToken[] = [];
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    const [id, symbol, name, logoUrl, address, decimals, price, marketCap, athMarketCap, priceUpdatedAt] = row as unknown[];
    if (typeof id !== "string" || typeof symbol !== "string" || typeof name !== "string") continue;
    if (address !== null && (typeof address !== "string" || !isAddress(address, { strict: false }))) continue;
    const knownDecimals = Number.isInteger(decimals) && (decimals as number) >= 0 && (decimals as number) <= 255 ? (decimals as number) : null;
    const currentPrice = finiteOrNull(price);
    const cap = finiteOrNull(marketCap);
    if (currentPrice === null || cap === null) continue;
    tokens.push({
      id,
      symbol,
      name,
      logoUrl: typeof logoUrl === "string" ? logoUrl : null,
      address: address === null ? null : getAddress(address),
      decimals: knownDecimals,
      currentPrice,
      marketCap: cap,
      athMarketCap: finiteOrNull(athMarketCap),
      priceUpdatedAt: typeof priceUpdatedAt === "string" && !Number.isNaN(Date.parse(priceUpdatedAt)) ? priceUpdatedAt : null,
    });
  }
  return tokens;
}
