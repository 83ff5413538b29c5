// The bench market on paper (pure, deterministic): which base token and factory each of the N
// tokens is paired with, its decimals, its USD price and the USD on the base side of its pool.
// Most tokens trade against WPLS; a tenth against DAI and a tenth against a HEX-like base, since
// routing beyond WPLS is being built and should be measured on the same market.
import { prng } from "@/tests/bench/synthetic-coins";

/** USD prices of the bases (the stablecoin pools put WPLS at this price; HEX has a WPLS pool). */
export const WPLS_USD = 0.00003;
export const HEX_USD = 0.005;

export type BaseName = "WPLS" | "DAI" | "HEX";
export const BASE_DECIMALS: Record<BaseName, number> = { WPLS: 18, DAI: 18, HEX: 8 };
export const BASE_USD: Record<BaseName, number> = { WPLS: WPLS_USD, DAI: 1, HEX: HEX_USD };

export type PlannedToken = {
  index: number;
  base: BaseName;
  /** 1 = PulseX V1's factory, 2 = V2's. */
  factory: 1 | 2;
  decimals: number;
  priceUsd: number;
  /** USD value of the base side of the pool (the pool's tracked liquidity is twice this). */
  baseSideUsd: number;
  /** Raw units. */
  tokenReserve: bigint;
  baseReserve: bigint;
  supply: bigint;
};

/** A whole-token amount as raw units (floats above 2^53 are integers already). */
export function rawUnits(wholeTokens: number, decimals: number): bigint {
  return BigInt(Math.floor(wholeTokens * 10 ** Math.min(decimals, 6))) * 10n ** BigInt(Math.max(decimals - 6, 0));
}

export function planMarket(count: number): PlannedToken[] {
  const random = prng(369);
  const logUniform = (min: number, max: number) => Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));
  return Array.from({ length: count }, (_, index) => {
    const roll = random();
    const base: BaseName = roll < 0.8 ? "WPLS" : roll < 0.9 ? "DAI" : "HEX";
    const factory = random() < 0.5 ? 1 : 2;
    const decimals = random() < 0.85 ? 18 : [6, 8, 9][Math.floor(random() * 3)]!;
    const priceUsd = logUniform(1e-8, 10);
    // From a dust pool to a deep one: the liquidity floor ($5,000 tracked) falls inside this range.
    const baseSideUsd = logUniform(100, 1_000_000);
    const tokenReserve = rawUnits(baseSideUsd / priceUsd, decimals);
    const baseReserve = rawUnits(baseSideUsd / BASE_USD[base], BASE_DECIMALS[base]);
    // The pool holds between 1% and 50% of the supply; the rest stays with the builder.
    const supply = tokenReserve * BigInt(Math.floor(logUniform(2, 100)));
    return { index, base, factory, decimals, priceUsd, baseSideUsd, tokenReserve, baseReserve, supply };
  });
}
