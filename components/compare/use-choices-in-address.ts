"use client";

import { choicesFromSearch, searchWithChoices, type ComparisonChoices } from "@/lib/compare/target-param";
import { useInAddress } from "./use-in-address";

const CHOICES = { read: choicesFromSearch, write: searchWithChoices };

/**
 * Keeps a comparison's choices in the page's address (?target=ath, ?mcap=100b, ?on=2026-11-20,
 * ?hold=1500000): read once after hydration, written back as they change (use-in-address.ts).
 */
export function useChoicesInAddress(enabled: boolean, choices: ComparisonChoices, onRead: (read: ComparisonChoices) => void): void {
  const { target, capText, holdText, dayText } = choices;
  useInAddress(enabled, { target, capText, holdText, dayText }, CHOICES, onRead);
}
