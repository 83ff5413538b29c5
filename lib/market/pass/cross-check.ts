// The PLS cross-check (pure): the pass's on-chain PLS price (WPLS through the stablecoin pools)
// against CoinGecko's. Every bridged stablecoin is taken near $1 on-chain; if they depeg, PLS and
// every PulseX-priced coin drift from the majors CoinGecko prices, and this is where it shows.
import type { MarketStateValue } from "../state.server";

/** CoinGecko's id for PLS. */
export const PLS_COINGECKO_ID = "pulsechain";
/** More than this far apart (percent, either way) is a disagreement: logged and shown in /api/health. */
export const CROSS_CHECK_TOLERANCE_PCT = 3;

export type PlsCrossCheck = MarketStateValue<"pls-cross-check">;

export function crossCheckPls(onchainUsd: number, coingeckoUsd: number, at: Date): PlsCrossCheck {
  const differencePct = (onchainUsd / coingeckoUsd - 1) * 100;
  return { onchainUsd, coingeckoUsd, differencePct, agrees: Math.abs(differencePct) <= CROSS_CHECK_TOLERANCE_PCT, checkedAt: at.toISOString() };
}
