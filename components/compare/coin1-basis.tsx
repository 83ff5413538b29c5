"use client";

// Coin 1's market cap on the supply basis picked on the pair card (supply-basis-choice.tsx), for
// the views the browser works out (the typed cap, the date). Apart from the picker, so a pair with
// nothing to pick never loads the picker's code.
import { createContext, useContext } from "react";
import { onBasisOf, type BasisFigure } from "@/lib/coins/supply-bases";

export const Coin1BasisContext = createContext<BasisFigure | null>(null);

/** Coin 1 with its market cap on the chosen basis (itself on the circulating one, or with no picker). */
export function useCoin1OnBasis<C extends { marketCap: number }>(coin1: C): C {
  return onBasisOf(coin1, useContext(Coin1BasisContext));
}
