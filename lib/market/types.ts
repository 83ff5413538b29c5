// The one interface every live price source implements. A source answers for the coins it was
// asked about: a quote per coin it could price, a failure (with the reason) per coin it could
// not. It never throws for one bad coin, and a source that is down fails all its coins.

export const QUOTE_SOURCES = ["pulsex", "dexscreener", "coingecko"] as const;
export type QuoteSourceName = (typeof QUOTE_SOURCES)[number];

export type QuoteRequest = {
  coinId: string;
  /** The coin's id at the source (Coin.quoteId): a token address, or an API id. */
  quoteId: string;
  /** Addresses whose balances are not circulating (Coin.burnAddresses); the on-chain source uses them. */
  burnAddresses?: readonly string[];
};

export type Quote = {
  /** USD, finite and > 0 (sources drop anything else as a failure). */
  price: number;
  /** USD, when the source knows it; otherwise the pass derives it from the circulating supply. */
  marketCap: number | null;
  /** Percent over 24 h, when the source knows it; otherwise the pass derives it from snapshots. */
  change24h: number | null;
  /** USD liquidity of the pool the price came from (DEX sources). */
  liquidityUsd: number | null;
  /** Whole tokens in circulation, when the source measured it (the on-chain source does). */
  circulatingSupply?: number;
};

export type QuoteFailure = { coinId: string; reason: string };

export type SourceResult = { quotes: Map<string, Quote>; failures: QuoteFailure[] };

export interface PriceSource {
  readonly name: QuoteSourceName;
  fetchQuotes(requests: readonly QuoteRequest[]): Promise<SourceResult>;
}
