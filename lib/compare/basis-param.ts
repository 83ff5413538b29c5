// The supply basis of each coin of a comparison in its page's address (?supply1=staked&supply2=total),
// beside the target and the amount (target-param.ts), so a shared link keeps them. The circulating
// basis is the default and is never written: the plain address stays canonical. Read in the browser only.
import { parseBasis, type SupplyBasis } from "../coins/supply-bases";

export const SUPPLY1_PARAM = "supply1";
export const SUPPLY2_PARAM = "supply2";

export type ChosenBases = { basis1: SupplyBasis; basis2: SupplyBasis };

/** The bases an address names; anything unknown is circulating. */
export function basesFromSearch(search: string): ChosenBases {
  const params = new URLSearchParams(search);
  return { basis1: parseBasis(params.get(SUPPLY1_PARAM)), basis2: parseBasis(params.get(SUPPLY2_PARAM)) };
}

/** `search` with these bases (circulating ones removed) and every other parameter kept; "" when nothing is left. */
export function searchWithBases(search: string, { basis1, basis2 }: ChosenBases): string {
  const params = new URLSearchParams(search);
  for (const [name, basis] of [[SUPPLY1_PARAM, basis1], [SUPPLY2_PARAM, basis2]] as const) {
    if (basis === "circulating") params.delete(name);
    else params.set(name, basis);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
