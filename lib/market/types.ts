// The one interface every live price source implements. A source answers for the coins it was
// asked about: a quote per coin it could price, a failure (with the reason) per coin it could
// not. It never throws for one bad coin, and a source that is down fails all its coins.
import type { Provenance } from "@/lib/coins/provenance-schema";

export const QUOTE_SOURCES = ["pulsex", "dexscreener", "coingecko"] as const;
export type QuoteSourceName = (typeof QUOTE_SOURCES)[number];

export type QuoteRequest = {
  coinId: string;
  /** The coin's id at the source (Coin.quoteId): a token address, or an API id. */
  quoteId: string;
  /** Addresses whose balances are not circulating (Coin.burnAddresses); the on-chain source uses them. */
  burnAddresses?: readonly string[];
  /** The chain's native coin (PLS, quoted through WPLS): the on-chain source reads the burn addresses' native balances for it. */
  native?: boolean;
  /**
   * False when the site already has its own price from about 24 h ago for this coin, so a source
   * that looks the 24h change up separately (the on-chain source's DexScreener) can skip it.
   */
  wantsChange24h?: boolean;
};

export type Quote = {
  /** USD, finite and > 0 (sources drop anything else as a failure). */
  price: number;
  /** USD, when the source knows it; otherwise the pass derives it from the circulating supply. */
  marketCap: number | null;
  /** Percent over 24 h, when the source knows it; otherwise the pass derives it from snapshots. */
  change24h: number | null;
  /**
   * Tracked USD liquidity of the pool the price came from (DEX sources): the USD value of the
   * pool's base side (WPLS, a stablecoin, or another base token priced in USD), counted twice.
   * Null when the source does not know it; a DEX quote without it counts as under the floor.
   */
  liquidityUsd: number | null;
  /** Which pool or route priced it, for logs and the operator ("HEX on PulseX V2"). */
  route?: string;
  /** Whole tokens in circulation, when the source measured it (the on-chain source does). */
  circulatingSupply?: number;
  /** What the source said, kept with the published price so a visitor can check it. */
  provenance?: Provenance;
};

export type QuoteFailure = {
  coinId: string;
  reason: string;
  /**
   * "unreachable": the source or RPC failed (down, timeout, a failed multicall chunk), which says
   * nothing about the coin's market; "deferred": the pass's time budget ran out before this coin
   * was asked about; "contract": the token's own contract failed the read (reverted, answered
   * nonsense, or ran out of the gas its call was given), a fact about that token alone, counted
   * toward its quarantine. Absent: the source answered and could not price the coin.
   */
  kind?: "unreachable" | "deferred" | "contract";
};

export type FetchOptions = {
  /**
   * Epoch ms after which the source starts no new request; coins it has not asked about by then
   * fail with kind "deferred". Requests arrive stalest first, so the stalest are asked first.
   */
  deadline?: number;
};

export type SourceResult = {
  quotes: Map<string, Quote>;
  failures: QuoteFailure[];
  /**
   * What the source decided that the operator should see in the pass's log, beyond per-coin
   * failures (the on-chain source: stablecoin pools dropped from WPLS's price, a stablecoin off
   * its peg). Optional: sources without anything to say leave it out.
   */
  notes?: string[];
};

export interface PriceSource {
  readonly name: QuoteSourceName;
  fetchQuotes(requests: readonly QuoteRequest[], options?: FetchOptions): Promise<SourceResult>;
}
