// Reads of the coin list and single coins, for route handlers and server pages. All of them
// answer from the cached coin snapshot (snapshot.ts): a request costs the slice it asks for,
// never a database read of every coin.
import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import type { Coin, CoinDetail } from "./schemas";
import { PLS_COIN_ID } from "./coin-id";
import { parseProvenance, type Provenance } from "./provenance-schema";
import { parseSourceCheck } from "./source-check-schema";
import { getCoinSnapshot, type CoinSnapshot } from "./snapshot.server";
import { supplyBasesOf, type BasisFigure, type PairBases } from "./supply-bases";
import { poolDepthOf, type DepthPool, type PoolsForTargets } from "./what-it-takes";

/** All coins by rank. */
export async function listCoins(): Promise<readonly Coin[]> {
  return (await getCoinSnapshot()).coins;
}

/** The coins with these ids, by rank; an unknown id is a 404 that names it. */
export async function getCoinsByIdsOrThrow(ids: readonly string[]): Promise<Coin[]> {
  const { byId } = await getCoinSnapshot();
  const unique = [...new Set(ids)];
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length) {
    throw new DomainError("not_found", `No coin with id ${missing.map((id) => `"${id}"`).join(", ")}.`);
  }
  return unique.map((id) => byId.get(id)!).sort((a, b) => a.rank - b.rank);
}

export async function getCoinOrThrow(id: string): Promise<Coin> {
  const [coin] = await getCoinsByIdsOrThrow([id]);
  return coin!;
}

/** One coin with where its price came from (GET /api/cryptocurrencies/{id}), from the snapshot. */
export async function getCoinDetailOrThrow(id: string): Promise<CoinDetail> {
  const coin = await getCoinOrThrow(id);
  return { ...coin, ...priceAccountOf(await getCoinSnapshot(), coin.id) };
}

const parsedProvenance = new WeakMap<CoinSnapshot, Map<string, Provenance | null>>();

/**
 * A coin's stored provenance, parsed once per snapshot: the pair page asks for coin 1's twice a
 * render (its pools, its supply readings), and every render until the snapshot is renewed asks again.
 */
function provenanceIn(snapshot: CoinSnapshot, id: string): Provenance | null {
  let parsed = parsedProvenance.get(snapshot);
  if (!parsed) parsedProvenance.set(snapshot, (parsed = new Map()));
  if (!parsed.has(id)) parsed.set(id, parseProvenance(snapshot.provenanceById.get(id) ?? null));
  return parsed.get(id)!;
}

export type PriceAccount = Pick<CoinDetail, "provenance" | "sourceCheck" | "heldBack" | "supplyNote" | "contractFailing" | "depth" | "supplyBases">;

/**
 * Where the coin's current price came from (null: no source described it), its last check, a move
 * held back, its supply note, since when its contract is failing (quarantined), and its pools' depth.
 */
export function priceAccountOf(snapshot: CoinSnapshot, id: string): PriceAccount {
  const quarantinedSince = snapshot.quarantinedSinceById.get(id);
  const provenance = provenanceIn(snapshot, id);
  return {
    provenance,
    depth: poolDepthOf(poolsIn(provenance), plsPriceOf(snapshot)),
    sourceCheck: parseSourceCheck(snapshot.sourceCheckById.get(id) ?? null),
    heldBack: snapshot.heldBackById.get(id) ?? null,
    supplyNote: snapshot.supplyNoteById.get(id) ?? null,
    contractFailing: quarantinedSince === undefined ? null : { since: quarantinedSince },
    supplyBases: supplyBasesIn(snapshot, id, provenance),
  };
}

/** The coin's market cap on each supply basis the last pass read (lib/coins/supply-bases.ts). */
function supplyBasesIn(snapshot: CoinSnapshot, id: string, provenance: Provenance | null): BasisFigure[] {
  const coin = snapshot.byId.get(id);
  return coin ? supplyBasesOf(coin, provenance?.source === "pulsex" ? provenance : null) : [];
}

/** Both coins' supply bases, for the pair page's picker. */
export function pairSupplyBases(snapshot: CoinSnapshot, id1: string, id2: string): PairBases {
  const of = (id: string) => supplyBasesIn(snapshot, id, provenanceIn(snapshot, id));
  return { coin1: of(id1), coin2: of(id2) };
}

/** The pools an on-chain price was read with (none for other sources, WPLS and old rows). */
function poolsIn(provenance: Provenance | null): DepthPool[] {
  return provenance?.source === "pulsex" ? (provenance.pools ?? []) : [];
}

/** The site's PLS price in USD, or null before it has one. */
export function plsPriceOf(snapshot: CoinSnapshot): number | null {
  return snapshot.byId.get(PLS_COIN_ID)?.currentPrice ?? null;
}

/** A coin's pools and the PLS price, for what a target would take (null: no pools to count). */
export function poolsForTargets(snapshot: CoinSnapshot, id: string): PoolsForTargets | null {
  const pools = poolsIn(provenanceIn(snapshot, id));
  return pools.length ? { pools, plsUsd: plsPriceOf(snapshot) } : null;
}
