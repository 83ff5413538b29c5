// Which supply a market cap counts (issue 43, part 2). Pure: the coin's published figures and what
// the refresh pass read beside them (OnchainProvenance.burnedSupply / .stakedSupply).
//
// - circulating: today's figure, the one every other page uses (a token: totalSupply minus the
//   burn addresses' balances; PLS: the stored figure).
// - total: with what sits at the burn addresses counted too (a token's totalSupply; PLS plus the
//   PLS at the burn addresses).
// - staked: HEX only: liquid HEX plus the HEX locked in stakes, which HEX burns while staked and
//   mints again when the stake ends, so totalSupply leaves it out (HEX's own globals() say how much).
//
// A basis is offered only where it differs from the circulating one and what it needs was read.

export const SUPPLY_BASES = ["circulating", "total", "staked"] as const;
export type SupplyBasis = (typeof SUPPLY_BASES)[number];

/** One basis of a coin: the supply it counts and the market cap at today's price. */
export type BasisFigure = { basis: SupplyBasis; supply: number; marketCap: number };

type BasisCoin = { currentPrice: number; marketCap: number; circulatingSupply: number | null };
/** What the pass read for the other bases, in whole coins (absent: not read). */
export type SupplyReadings = { burnedSupply?: number; stakedSupply?: number };

/**
 * The coin's bases, circulating first; only circulating when nothing else differs, and none when
 * the coin has no circulating supply on record (its market cap came whole from its source).
 */
export function supplyBasesOf(coin: BasisCoin, readings: SupplyReadings | null): BasisFigure[] {
  const circulating = coin.circulatingSupply;
  if (circulating === null || !(circulating > 0)) return [];
  const figures: BasisFigure[] = [{ basis: "circulating", supply: circulating, marketCap: coin.marketCap }];
  const add = (basis: SupplyBasis, extra: number | undefined) => {
    if (extra === undefined || !(extra > 0) || !Number.isFinite(extra)) return;
    const supply = circulating + extra;
    figures.push({ basis, supply, marketCap: coin.currentPrice * supply });
  };
  add("total", readings?.burnedSupply);
  add("staked", readings?.stakedSupply);
  return figures;
}

/** The basis in the middle of a sentence: "circulating supply", "liquid and staked HEX". */
export function basisPhrase(basis: SupplyBasis, symbol: string): string {
  if (basis === "total") return `total supply, burned ${symbol} included`;
  if (basis === "staked") return `liquid and staked ${symbol}`;
  return "circulating supply";
}

/** The basis's short name, for a picker and a figure's label: "Total supply, burned PLS included". */
export function basisLabel(basis: SupplyBasis, symbol: string): string {
  const phrase = basisPhrase(basis, symbol);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** What the basis counts, in a sentence, for the coin page and the pair page's note. */
export function basisMeaning(basis: SupplyBasis, symbol: string): string {
  if (basis === "total") return `Every ${symbol} in existence, including the ${symbol} held at burn addresses.`;
  if (basis === "staked") return `Liquid ${symbol} plus the ${symbol} locked in stakes, which ${symbol} burns while staked and mints again when a stake ends (read from the contract's own globals).`;
  return `${symbol} outside the burn addresses: the figure used everywhere else on the site.`;
}

/** The basis a figure list offers under that name, or the circulating one (the default) when it offers none such. */
export function pickBasis(figures: readonly BasisFigure[], basis: SupplyBasis): BasisFigure | null {
  return figures.find((figure) => figure.basis === basis) ?? figures[0] ?? null;
}

/** The coin with its market cap on `figure`'s basis; itself without a figure or on the circulating one. */
export function onBasisOf<C extends { marketCap: number }>(coin: C, figure: BasisFigure | null): C {
  return figure && figure.marketCap !== coin.marketCap ? { ...coin, marketCap: figure.marketCap } : coin;
}

/** Both coins' bases, for the pair page's picker. */
export type PairBases = { coin1: BasisFigure[]; coin2: BasisFigure[] };

/** A pair has a choice to offer when either coin has a basis besides circulating. */
export const hasBasisChoice = (bases: PairBases) => bases.coin1.length > 1 || bases.coin2.length > 1;

/** A basis named in an address (?supply1=total): anything unknown is the default. */
export function parseBasis(text: string | null | undefined): SupplyBasis {
  return (SUPPLY_BASES as readonly string[]).includes(text ?? "") ? (text as SupplyBasis) : "circulating";
}
