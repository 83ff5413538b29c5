// PulseChain mainnet contracts the on-chain reader uses. All are overridable through the
// environment (lib/config/env.ts), which is how the tests point the reader at a local chain.
import { parseAbi, type Address } from "viem";

export const PULSECHAIN_CHAIN_ID = 369;

export type PulseXContracts = {
  /** Wrapped PLS: every token is priced against it. */
  wpls: Address;
  /** V2-style factories whose pairs count (PulseX V1 and V2). */
  factories: readonly Address[];
  /** Bridged stablecoins that price WPLS in USD. */
  stablecoins: readonly Address[];
  multicall3: Address;
  /**
   * Further tokens a coin may be priced through (PULSEX_BASE_TOKENS), besides WPLS and the
   * stablecoins; each is priced in USD from its own deepest pool against WPLS or a stablecoin.
   * Optional so older callers keep working: absent means none.
   */
  baseTokens?: readonly Address[];
  /** The HEX contract, whose globals() give the staked supply (PULSEX_HEX_ADDRESS; absent: none read). */
  hex?: Address;
};

export const PULSEX_MAINNET: PulseXContracts = {
  wpls: "0xA1077a294dDE1B09bB078844df40758a5D0f9a27",
  factories: [
    "0x1715a3E4A142d8b698131108995174F37aEBA10D", // PulseX V1
    "0x29eA7545DEf87022BAdc76323F373EA1e707C523", // PulseX V2
  ],
  stablecoins: [
    "0xefD766cCb38EaF1dfd701853BFCe31359239F305", // DAI from Ethereum (18 decimals)
    "0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07", // USDC from Ethereum (6 decimals)
    "0x0Cb6F5a34ad42ec934882A05265A7d5F59b51A2f", // USDT from Ethereum (6 decimals)
  ],
  multicall3: "0xcA11bde05977b3631167028862bE2a173976CA11",
  baseTokens: [
    "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39", // HEX
    "0x95B303987A60C71504D99Aa1b13B4DA07b0790ab", // PLSX
    "0x2fa878Ab3F87CC1C9737Fc071108F904c0B0C95d", // INC
  ],
  // HEX on PulseChain (the fork copy of Ethereum's, same address and state): its staked supply.
  hex: "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39",
};

/** Short names for the mainnet bases, for routes in logs ("HEX pool on PulseX V2"). */
export const KNOWN_LABELS: Readonly<Record<string, string>> = {
  "0xA1077a294dDE1B09bB078844df40758a5D0f9a27": "WPLS",
  "0xefD766cCb38EaF1dfd701853BFCe31359239F305": "DAI",
  "0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07": "USDC",
  "0x0Cb6F5a34ad42ec934882A05265A7d5F59b51A2f": "USDT",
  "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39": "HEX",
  "0x95B303987A60C71504D99Aa1b13B4DA07b0790ab": "PLSX",
  "0x2fa878Ab3F87CC1C9737Fc071108F904c0B0C95d": "INC",
  "0x1715a3E4A142d8b698131108995174F37aEBA10D": "PulseX V1",
  "0x29eA7545DEf87022BAdc76323F373EA1e707C523": "PulseX V2",
};

/**
 * Where tokens go to be burned on PulseChain: the zero address, the conventional 0x…dEaD, and
 * 0x…0369, which PulseChain projects use as their burn address. A coin's own list
 * (Coin.burnAddresses) replaces this set.
 */
export const DEFAULT_BURN_ADDRESSES: readonly Address[] = [
  "0x0000000000000000000000000000000000000000",
  "0x000000000000000000000000000000000000dEaD",
  "0x0000000000000000000000000000000000000369",
];

export const factoryAbi = [
  { type: "function", name: "getPair", stateMutability: "view", inputs: [{ type: "address" }, { type: "address" }], outputs: [{ type: "address" }] },
] as const;

export const pairAbi = [
  { type: "function", name: "token0", stateMutability: "view", inputs: [], outputs: [{ type: "address" }] },
  {
    type: "function",
    name: "getReserves",
    stateMutability: "view",
    inputs: [],
    outputs: [{ type: "uint112" }, { type: "uint112" }, { type: "uint32" }],
  },
  // The time-weighted price accumulators (lib/market/onchain/twap.ts).
  { type: "function", name: "price0CumulativeLast", stateMutability: "view", inputs: [], outputs: [{ type: "uint256" }] },
  { type: "function", name: "price1CumulativeLast", stateMutability: "view", inputs: [], outputs: [{ type: "uint256" }] },
] as const;

/** Multicall3's own view of the block a call runs in: its time, for the price's provenance. */
export const multicallClockAbi = [
  { type: "function", name: "getCurrentBlockTimestamp", stateMutability: "view", inputs: [], outputs: [{ type: "uint256" }] },
] as const;

/**
 * HEX's `globals()` getter (its GlobalsStore struct, public): lockedHeartsTotal is the HEX staked
 * right now, burned from totalSupply while staked and minted again when the stake ends.
 */
export const hexGlobalsAbi = parseAbi([
  "function globals() view returns (uint72 lockedHeartsTotal, uint72 nextStakeSharesTotal, uint40 shareRate, uint72 stakePenaltyTotal, uint16 dailyDataCount, uint72 stakeSharesTotal, uint40 latestStakeId, uint128 claimStats)",
]);
