import { MEME_SYMBOLS } from "../../lib/market-constants";

/**
 * Which live source quotes each seed coin (Coin.quoteSource / Coin.quoteId). PulseChain tokens
 * are quoted by DexScreener from their PulseChain contract; PLS itself by its wrapped token,
 * WPLS; the majors, which do not live on PulseChain, by CoinGecko under these API ids.
 */
export const WPLS_ADDRESS = "0xA1077a294dDE1B09bB078844df40758a5D0f9a27";

export const COINGECKO_IDS: Record<string, string> = {
  btc: "bitcoin",
  eth: "ethereum",
  bnb: "binancecoin",
  xrp: "ripple",
  sol: "solana",
  doge: "dogecoin",
  trx: "tron",
  ada: "cardano",
  link: "chainlink",
  bch: "bitcoin-cash",
  avax: "avalanche-2",
  ltc: "litecoin",
  shib: "shiba-inu",
};

/** Seed coins the operator has tagged "meme": the spec's meme-table symbols (section 9). */
export function seedTags(coin: { symbol: string }): string {
  return MEME_SYMBOLS.some((symbol) => symbol.toLowerCase() === coin.symbol.toLowerCase()) ? "meme" : "";
}

export function seedQuoteSource(coin: { id: string; chain: string; contractAddress: string | null }): {
  quoteSource: "dexscreener" | "coingecko" | null;
  quoteId: string | null;
} {
  if (coin.id === "pls") return { quoteSource: "dexscreener", quoteId: WPLS_ADDRESS };
  if (coin.chain === "pulsechain" && coin.contractAddress) return { quoteSource: "dexscreener", quoteId: coin.contractAddress };
  const geckoId = COINGECKO_IDS[coin.id];
  return geckoId ? { quoteSource: "coingecko", quoteId: geckoId } : { quoteSource: null, quoteId: null };
}
