/**
 * Which live source quotes each seed coin (Coin.quoteSource / Coin.quoteId). PulseChain tokens
 * are read on-chain from their PulseX pools by contract address (DexScreener adds the 24h change);
 * PLS itself by its wrapped token, WPLS; the majors, which do not live on PulseChain, by CoinGecko
 * under these API ids. An operator can move any coin to "dexscreener" by changing the row.
 *
 * Circulating supply on-chain is totalSupply minus the balances at the default burn addresses
 * (lib/market/onchain/contracts.ts: 0x0, 0x…dEaD, 0x…0369) for every seed token; none needs its
 * own list (Coin.burnAddresses stays null). Per token, what that means:
 * - HEX: staked HEX is burned while staked and re-minted at the end, so totalSupply is liquid HEX.
 * - PLSX, INC and the other PulseX-era tokens: buy-and-burn sends tokens to 0x…dEaD / 0x…0369.
 * - Tokens bridged from Ethereum (eHEX): the supply on PulseChain is what was
 *   forked or bridged, which is what trades there.
 * - PLS: native, no contract; its circulating supply stays the stored figure and only the price
 *   comes from WPLS.
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

/**
 * Supply notes the seed starts with (Coin.supplyNote): how a coin's circulating supply is counted,
 * where a visitor would otherwise misread it. Operators edit them in /admin.
 */
export const SEED_SUPPLY_NOTES: Record<string, string> = {
  hex: "Liquid HEX only: staked HEX is burned while staked and minted again when the stake ends, so it is not in totalSupply, nor in this market cap, while staked.",
};

export function seedQuoteSource(coin: { id: string; chain: string; contractAddress: string | null }): {
  quoteSource: "pulsex" | "coingecko" | null;
  quoteId: string | null;
} {
  if (coin.id === "pls") return { quoteSource: "pulsex", quoteId: WPLS_ADDRESS };
  if (coin.chain === "pulsechain" && coin.contractAddress) return { quoteSource: "pulsex", quoteId: coin.contractAddress };
  const geckoId = COINGECKO_IDS[coin.id];
  return geckoId ? { quoteSource: "coingecko", quoteId: geckoId } : { quoteSource: null, quoteId: null };
}
