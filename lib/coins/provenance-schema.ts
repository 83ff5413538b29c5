// Where a published price came from (issue 26): what the source said, kept with the price so a
// visitor can check it. Written by the refresh pass with each price (Coin.provenance, JSON), shown
// on the coin page under 'Where this price comes from' and in GET /api/cryptocurrencies/{id}.
import { parseStoredJson } from "../shared/stored-json";
import { z } from "../shared/zod";

/** One of the coin's pools at the block: what a target's buying would move (lib/coins/what-it-takes.ts). */
export const depthPoolSchema = z.object({
  pool: z.string(),
  base: z.string(),
  baseSymbol: z.string().nullable(),
  /** Whole tokens of each side at the block. */
  tokenReserve: z.number(),
  baseReserve: z.number(),
  /** The base's USD price in the pass. */
  baseUsd: z.number(),
});
export type DepthPoolReading = z.infer<typeof depthPoolSchema>;

/** From a PulseX pool read on chain at a pinned block. */
export const onchainProvenanceSchema = z.object({
  source: z.literal("pulsex"),
  /** The pool the price came from; null for WPLS itself, priced from the stablecoin pools. */
  pool: z.string().nullable(),
  factory: z.string().nullable(),
  /** "PulseX V1" / "PulseX V2" on mainnet. */
  factoryName: z.string().nullable(),
  /** The token the pool pairs it with (WPLS, a stablecoin, another base) and its symbol. */
  base: z.string().nullable(),
  baseSymbol: z.string().nullable(),
  /** Whole tokens of each side at the block. */
  tokenReserve: z.number().nullable(),
  baseReserve: z.number().nullable(),
  /** The base's USD price the price was worked out with. */
  baseUsd: z.number().nullable(),
  /** 2 × the base side in USD. */
  liquidityUsd: z.number(),
  /** How many stablecoin pools priced WPLS (WPLS itself only). */
  stablePools: z.number().int().nullable(),
  /**
   * The seconds the price is averaged over: the pool's time-weighted average since the previous
   * pass (lib/market/onchain/twap.ts). Null (or absent, before averages): the spot price at the
   * block, as when the pool had no usable earlier observation.
   */
  averageSeconds: z.number().int().positive().nullable().optional(),
  /** The USD price the pool gives at the block itself, beside the average: "the pool now". */
  spotPrice: z.number().nullable().optional(),
  /**
   * Every pool of the coin against a base with a USD price (WPLS, a stablecoin, another base), with
   * reserves, at the block: arbitrage keeps them level, so a target's buying moves them all. Absent
   * for WPLS (it trades against everything; its price is read from the stablecoin pools only) and
   * on prices from before it was kept.
   */
  pools: z.array(depthPoolSchema).optional(),
  block: z.number().int(),
  /** The block's own time; null when the chain did not say. */
  blockTime: z.iso.datetime().nullable(),
  /**
   * When the circulating supply the market cap was worked out with was read on chain (supplies are
   * re-read about hourly, so it may be older than the block). Absent on prices from before it was kept.
   */
  supplyReadAt: z.iso.datetime().nullable().optional(),
  /**
   * Why the supply needs saying, in plain words: the token's contract failed this pass's supply
   * read, so an older reading is used ("…totalSupply() reverted…"); or all of it is at burn
   * addresses, so the market cap is 0. Null or absent: nothing to say.
   */
  supplyNotice: z.string().nullable().optional(),
  /**
   * Whole coins at the burn addresses (a token: at the supply reading; PLS: its native PLS there
   * at the block), for the "total supply" basis (lib/coins/supply-bases.ts). Absent: not known.
   */
  burnedSupply: z.number().nonnegative().optional(),
  /** HEX staked at the block (globals().lockedHeartsTotal), for HEX's "liquid and staked" basis. Absent: not HEX, or not read. */
  stakedSupply: z.number().nonnegative().optional(),
});

/** From DexScreener's deepest pair on PulseChain. */
export const dexScreenerProvenanceSchema = z.object({
  source: z.literal("dexscreener"),
  pair: z.string().nullable(),
  dexId: z.string().nullable(),
  /** When the site asked (DexScreener's answer carries no time of its own). */
  at: z.iso.datetime(),
});

/** From CoinGecko's simple price API. */
export const coinGeckoProvenanceSchema = z.object({
  source: z.literal("coingecko"),
  id: z.string(),
  /** CoinGecko's own time for the price (last_updated_at), else when the site asked. */
  at: z.iso.datetime(),
});

export const provenanceSchema = z.discriminatedUnion("source", [onchainProvenanceSchema, dexScreenerProvenanceSchema, coinGeckoProvenanceSchema]);
export type Provenance = z.infer<typeof provenanceSchema>;
export type OnchainProvenance = z.infer<typeof onchainProvenanceSchema>;

/** Coin.provenance as a Provenance; null when unset or unreadable. */
export const parseProvenance = (stored: string | null): Provenance | null => parseStoredJson(provenanceSchema, stored);
