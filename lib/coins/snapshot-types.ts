// The coin snapshot's shape (lib/coins/snapshot.server.ts builds it, lib/coins/read-model.server.ts
// stores and loads what it is made of), apart so both can name it without importing each other.
import type { Coin } from "./schemas";

export type HeldBackMove = { price: number; since: string };

export type CoinSnapshot = {
  /** The coins version (CoinsVersion) this snapshot was built from. */
  version: number;
  /** Every coin by rank. */
  coins: readonly Coin[];
  byId: ReadonlyMap<string, Coin>;
  /** Each coin's price provenance as stored (JSON), parsed only for the coin a request asks about. */
  provenanceById: ReadonlyMap<string, string>;
  /** Coins' supply notes (how their supply is counted), where one is set. */
  supplyNoteById: ReadonlyMap<string, string>;
  /** Each coin's last check against a second source as stored (JSON). */
  sourceCheckById: ReadonlyMap<string, string>;
  /** Coins whose newest quote moved too far to publish at once: the move waiting for the next pass. */
  heldBackById: ReadonlyMap<string, HeldBackMove>;
  /** Coins quarantined for a failing contract (lib/market/pass/quarantine.ts): since when (ISO). */
  quarantinedSinceById: ReadonlyMap<string, string>;
  /** Coins by lower-cased symbol, by rank: comparison addresses may name a coin by its symbol. */
  bySymbol: ReadonlyMap<string, readonly Coin[]>;
  /** `coins` as the JSON body of GET /api/cryptocurrencies. */
  listBody: string;
  /** `listBody` gzipped: how the read model stores it (a tenth of the size), unzipped off the event loop on load. */
  listGzip: Uint8Array;
  /** The selectors' index as a JSON body, and its version (a hash of it). */
  indexBody: string;
  indexVersion: string;
  /** Each on-chain coin's token decimals, as the coin table records them. */
  decimalsById: ReadonlyMap<string, number>;
  /** The freshest live price's time among all coins (null before any): the stale badges' reference. */
  newestLivePriceAt: string | null;
};
