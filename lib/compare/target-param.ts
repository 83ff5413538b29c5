// The comparison target in a page's address (?target=ath), so a shared pair link keeps it.
// Today's market cap is the default and is never written: the plain address stays canonical.
import type { ComparisonTarget } from "../comparison";

export const TARGET_PARAM = "target";

/** The target an address's query names; anything but "ath" is today's. */
export function targetFromSearch(search: string): ComparisonTarget {
  return new URLSearchParams(search).get(TARGET_PARAM) === "ath" ? "ath" : "today";
}

/** `search` (with or without "?") with the target set, or removed for today's; "" when nothing is left. */
export function searchWithTarget(search: string, target: ComparisonTarget): string {
  const params = new URLSearchParams(search);
  if (target === "ath") params.set(TARGET_PARAM, "ath");
  else params.delete(TARGET_PARAM);
  const text = params.toString();
  return text ? `?${text}` : "";
}
