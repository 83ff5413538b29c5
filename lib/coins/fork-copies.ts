// PulseChain began as a copy of Ethereum's state (pure). Every Ethereum token of that day has a
// PulseChain copy at the same address, a separate token with its own (usually far lower) price;
// the site marks a listed token that is such a copy of a well-known one, so "DAI" on PulseChain
// is not read as Ethereum's DAI. The list is short on purpose: operators mark others in /admin
// (Coin.forkOf). Tokens bridged from Ethereum (eHEX) live at other addresses and are not copies.
import { getAddress } from "viem";

/** Well-known Ethereum tokens by their (EIP-55) address: the symbol they carry there. */
export const ETHEREUM_ORIGINALS: Readonly<Record<string, string>> = {
  "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39": "HEX",
  "0x6B175474E89094C44Da98b954EedeAC495271d0F": "DAI",
  "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48": "USDC",
  "0xdAC17F958D2ee523a2206206994597C13D831ec7": "USDT",
  "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2": "WETH",
  "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599": "WBTC",
  "0x514910771AF9Ca656af840dff83E8264EcF986CA": "LINK",
  "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984": "UNI",
  "0x95aD61b0a150d79219dCF64E1E6Cc01f0B64C4cE": "SHIB",
  "0x6982508145454Ce325dDbE47a25d4ec3d2311933": "PEPE",
  "0x3819f64f282bf135d62168C1e513280dAF905e06": "HDRN",
  "0xfc4913214444aF5c715cc9F7b52655e788A569ed": "ICSA",
  "0x0d86EB9f43C57f6FF3BC9E23D8F9d82503f0e84b": "MAXI",
};

/** The Ethereum token a PulseChain contract address is the copy of, from the list; null if none. */
export function forkOfAddress(address: string | null): string | null {
  if (!address) return null;
  try {
    return ETHEREUM_ORIGINALS[getAddress(address)] ?? null;
  } catch {
    return null;
  }
}

/** "PulseChain copy of Ethereum's DAI": what the coin page, the selector's title and the share image say. */
export function forkCopyLabel(forkOf: string): string {
  return `PulseChain copy of Ethereum's ${forkOf}`;
}

const CHAIN_NAMES: Readonly<Record<string, string>> = { pulsechain: "PulseChain", ethereum: "Ethereum", bitcoin: "Bitcoin" };

/** A chain's name as a visitor reads it ("pulsechain" -> "PulseChain"). */
export function chainName(chain: string): string {
  return CHAIN_NAMES[chain] ?? chain.charAt(0).toUpperCase() + chain.slice(1);
}

/**
 * The short tag a selector shows after a coin's name, when one is needed to tell coins apart:
 * "PulseChain copy" for a fork copy, else its chain when another listed coin has its symbol.
 */
export function selectorTag(coin: { chain: string; forkOf: string | null; symbol: string }, sharedSymbols: ReadonlySet<string>): string | null {
  if (coin.forkOf) return "PulseChain copy";
  return sharedSymbols.has(coin.symbol.toLowerCase()) ? chainName(coin.chain) : null;
}

/** Lower-cased symbols more than one coin carries. */
export function sharedSymbolsOf(coins: readonly { symbol: string }[]): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const { symbol } of coins) {
    const key = symbol.toLowerCase();
    if (seen.has(key)) shared.add(key);
    seen.add(key);
  }
  return shared;
}
