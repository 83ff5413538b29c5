// A comparison's choices in its page's address, so a shared link keeps them: the target
// (?target=ath for coin 2's all-time high, ?mcap=100b for a typed market cap, ?on=2026-11-20 for
// coin 2's market cap on a day of its history) and the amount held
// (?hold=1500000). Today's market cap and no amount are the defaults and are never written: the
// plain address stays canonical. Read in the browser only, so the cached page serves them all.
import type { ComparisonTarget } from "./comparison";
import { parseDayKey } from "../shared/utc-day";
import { TARGET_PARAM } from "./pair-route";

export { TARGET_PARAM };
export const MCAP_PARAM = "mcap";
export const HOLD_PARAM = "hold";
export const ON_PARAM = "on";

/** Coin 2's market cap today or at its high, a market cap the visitor typed, or coin 2's on a day. */
export type ChosenTarget = ComparisonTarget | "cap" | "date";

/**
 * The address's choices as typed: the texts are parsed (and their errors shown) by the fields.
 * `dayText` (YYYY-MM-DD) is the day of the "date" target: read only when it is a real day, so a
 * malformed ?on= is ignored rather than shown; absent means no day was chosen.
 */
export type ComparisonChoices = { target: ChosenTarget; capText: string; holdText: string; dayText?: string };

/** The target an address's query names; anything but "ath" is today's. */
export function targetFromSearch(search: string): ComparisonTarget {
  return new URLSearchParams(search).get(TARGET_PARAM) === "ath" ? "ath" : "today";
}

/** All of an address's choices: a typed market cap wins over a day (?on=), and both over ?target=. */
export function choicesFromSearch(search: string): ComparisonChoices {
  const params = new URLSearchParams(search);
  const capText = params.get(MCAP_PARAM)?.trim() ?? "";
  const holdText = params.get(HOLD_PARAM)?.trim() ?? "";
  const day = capText ? null : parseDayKey(params.get(ON_PARAM));
  if (day) return { target: "date", capText, holdText, dayText: day };
  const target: ChosenTarget = capText ? "cap" : targetFromSearch(search);
  return { target, capText, holdText };
}

/**
 * `search` with these choices and every other parameter kept. The texts are written as given
 * (the fields pass only ones that parse, in their short form: "1.5m", "100b").
 */
export function searchWithChoices(search: string, choices: ComparisonChoices): string {
  const params = new URLSearchParams(search);
  params.delete(TARGET_PARAM);
  params.delete(MCAP_PARAM);
  params.delete(ON_PARAM);
  if (choices.target === "ath") params.set(TARGET_PARAM, "ath");
  if (choices.target === "cap" && choices.capText) params.set(MCAP_PARAM, choices.capText);
  if (choices.target === "date" && choices.dayText) params.set(ON_PARAM, choices.dayText);
  if (choices.holdText) params.set(HOLD_PARAM, choices.holdText);
  else params.delete(HOLD_PARAM);
  const text = params.toString();
  return text ? `?${text}` : "";
}
