// Display formatting for prices, market caps, multipliers and percent changes (spec section 5).
//
// Shared rules for bad input, so the UI never prints "NaN", "Infinity" or "$-0.00":
// - null, undefined, NaN and ±Infinity return MISSING ("-"), the spec's missing-value mark.
// - Negative prices, market caps and multipliers are not valid values and also return "-".
// - A positive value that would round to zero at the shown precision returns "<" plus the
//   smallest step ("<$0.00000001", "<0.01x"): "$0.00" would claim the coin is worthless.
// - Output never depends on the machine's locale: every number goes through an "en-US"
//   Intl.NumberFormat with fixed fraction digits. Intl rounds the decimal the value reads as
//   (1.005 → "1.01"), unlike toFixed, which rounds the binary double (1.005 → "1.00").
import { once } from "./once";

export const MISSING = "-";

type MaybeNumber = number | null | undefined;

const formatters = new Map<string, Intl.NumberFormat>();

/** `value` with exactly `decimals` fraction digits; -0 and negatives that round to 0 print unsigned. */
function fixed(value: number, decimals: number, grouping = true): string {
  const key = `${decimals}:${grouping}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
      signDisplay: "negative",
    });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

function isFiniteNumber(value: MaybeNumber): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** Finite and not negative (-0 counts as 0). */
function isNonNegative(value: MaybeNumber): value is number {
  return isFiniteNumber(value) && value >= 0;
}

/** The smallest positive amount shown with `decimals` digits: 2 → "0.01". */
function smallestStep(decimals: number): string {
  return decimals === 0 ? "1" : `0.${"0".repeat(decimals - 1)}1`;
}

/** `prefix + fixed(value) + suffix`, or "<prefix0.0…1suffix" when a positive value rounds to zero. */
function withFloor(value: number, decimals: number, prefix: string, suffix = ""): string {
  const text = fixed(value, decimals);
  if (value > 0 && !/[1-9]/.test(text)) return `<${prefix}${smallestStep(decimals)}${suffix}`;
  return `${prefix}${text}${suffix}`;
}

const MAX_PRICE_DECIMALS = 8;

/**
 * Decimals that show two significant digits of a price below 0.01, between 4 and 8.
 * The exponent is taken after rounding to two significant digits, so 0.00099999 ("1.0e-3")
 * gets the same 4 decimals as 0.001 and prints "$0.0010", not "$0.00100". The floor of 4
 * keeps 0.0099999 (rounds to "1.0e-2") at "$0.0100", the same as 0.01 in the next band.
 */
function smallPriceDecimals(value: number): number {
  const exponent = Number(value.toExponential(1).split("e")[1]);
  return Math.min(MAX_PRICE_DECIMALS, Math.max(4, 1 - exponent));
}

/**
 * Price display. The band is picked from the raw value, so rounding may carry a value into
 * the next band's magnitude and still keep its band's decimals (0.99996 → "$1.0000").
 */
export function formatPrice(value: MaybeNumber): string {
  if (!isNonNegative(value)) return MISSING;
  if (value === 0) return "$0.00";
  if (value < 0.01) return withFloor(value, smallPriceDecimals(value), "$");
  if (value < 1) return withFloor(value, 4, "$");
  return withFloor(value, 2, "$");
}

/**
 * Featured card price: shorter than formatPrice below 1 (4 decimals under 0.01, else 2).
 * Most PulseChain tokens cost far less than $0.0001, where 4 decimals would read "$0.0000" and
 * tell the reader nothing, so those fall back to formatPrice's two significant digits.
 */
export function formatFeaturedPrice(value: MaybeNumber): string {
  if (!isNonNegative(value)) return MISSING;
  if (value === 0) return "$0.00";
  if (value < 0.01 && !/[1-9]/.test(fixed(value, 4))) return formatPrice(value);
  return withFloor(value, value < 0.01 ? 4 : 2, "$");
}

/** Price-sheet amounts in whole US dollars: "$100", grouped from four digits ("$1,000"). */
export function formatWholeUsd(value: MaybeNumber): string {
  if (!isNonNegative(value)) return MISSING;
  return `$${fixed(value, 0)}`;
}

/** Header PLS price: always 6 decimals ("$0.000031"). */
export function formatPlsPrice(value: MaybeNumber): string {
  if (!isNonNegative(value)) return MISSING;
  return withFloor(value, 6, "$");
}

const MARKET_CAP_UNITS = [
  { size: 1, suffix: "" },
  { size: 1e3, suffix: "K" },
  { size: 1e6, suffix: "M" },
  { size: 1e9, suffix: "B" },
  { size: 1e12, suffix: "T" },
] as const;

/**
 * Market cap with a T/B/M/K suffix and 2 decimals ("$1.23B"); plain below 1,000 ("$999.00").
 * A value that rounds up to 1,000 of its unit moves to the next unit: 999,999 → "$1.00M".
 * Above 1,000T the number keeps the T suffix and grows separators ("$1,500.00T").
 */
export function formatMarketCap(value: MaybeNumber): string {
  if (!isNonNegative(value)) return MISSING;
  return `$${compactAmount(value)}`;
}

/** An amount of PLS the way market caps read: "1.23B PLS". */
export function formatCompactPls(value: MaybeNumber): string {
  return formatCompactAmount(value, "PLS");
}

/** An amount of any coin the way market caps read: "602.80B HEX". */
export function formatCompactAmount(value: MaybeNumber, symbol: string): string {
  if (!isNonNegative(value)) return MISSING;
  return `${compactAmount(value)} ${symbol}`;
}

/** 2 decimals and a K/M/B/T suffix: "1.23B"; see formatMarketCap. */
function compactAmount(value: number): string {
  let index = 0;
  while (index < MARKET_CAP_UNITS.length - 1 && value >= MARKET_CAP_UNITS[index + 1]!.size) index++;
  let unit = MARKET_CAP_UNITS[index]!;
  let text = fixed(value / unit.size, 2);
  const next = MARKET_CAP_UNITS[index + 1];
  if (next && Number(text.replace(/,/g, "")) >= 1000) {
    unit = next;
    text = fixed(value / unit.size, 2);
  }
  return `${text}${unit.suffix}`;
}

/**
 * Home result multiplier: a whole number ("1,235x"). Below 1 a whole number would read "0x",
 * so it shows 2 decimals ("0.25x"), and "<0.01x" when even that rounds to zero.
 */
export function formatResultMultiplier(value: MaybeNumber): string {
  if (!isNonNegative(value)) return MISSING;
  if (value < 1) return withFloor(value, 2, "", "x");
  return `${fixed(value, 0)}x`;
}

/** Playground, saved and other multipliers: 2 decimals ("12.35x", "1,234.57x", "<0.01x"). */
export function formatMultiplier(value: MaybeNumber): string {
  if (!isNonNegative(value)) return MISSING;
  return withFloor(value, 2, "", "x");
}

/**
 * Table percent change, signed the way toFixed signs it ("2.3%", "-2.3%"), without grouping.
 * One exception: a negative change that rounds to zero prints "0.0%", not "-0.0%".
 */
export function formatPercentChange(value: MaybeNumber, decimals: 1 | 2): string {
  if (!isFiniteNumber(value)) return MISSING;
  return `${fixed(value, decimals, false)}%`;
}

/** Watchlist percent change: unsigned with 2 decimals, since the arrow shows the direction. */
export function formatAbsolutePercentChange(value: MaybeNumber): string {
  if (!isFiniteNumber(value)) return MISSING;
  return `${fixed(Math.abs(value), 2, false)}%`;
}

export type ChangeDirection = "up" | "down";

/** "up" for >= 0 (including -0), "down" for negative; null when the change is missing (no arrow). */
export function changeDirection(value: MaybeNumber): ChangeDirection | null {
  if (!isFiniteNumber(value)) return null;
  return value < 0 ? "down" : "up";
}

/** First 4 and last 4 characters ("0x71...976F"); short strings are returned unchanged. */
export function shortenAddress(address: string | null | undefined): string {
  const trimmed = address?.trim() ?? "";
  if (trimmed === "") return MISSING;
  if (trimmed.length <= 11) return trimmed;
  return `${trimmed.slice(0, 4)}...${trimmed.slice(-4)}`;
}

// Days are printed in UTC and en-US: highs and backfilled history are stamped at midnight UTC, and
// the server's render and the visitor's must print the same day ("Nov 20, 2026").
const utcDayFormat = once(() => new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }));

/** "Nov 20, 2026": the UTC day of a time (ms), an ISO string or a Date. */
export function formatDay(value: number | string | Date): string {
  return utcDayFormat().format(new Date(value));
}

const utcClockFormat = once(() => new Intl.DateTimeFormat("en-US", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }));

/** "10:05": the UTC clock of a time (ms), an ISO string or a Date, on 24 hours; callers add "UTC". */
export function formatUtcClock(value: number | string | Date): string {
  return utcClockFormat().format(new Date(value));
}

const wholeTokenFormat = once(() => new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 }));
const smallTokenFormat = once(() => new Intl.NumberFormat("en-US", { maximumSignificantDigits: 4 }));

/**
 * A number of tokens held ("1,500,000", "12.5", "0.0004213"): up to 4 decimals from 1 up, four
 * significant digits below, and "<0.00000001" for dust that would print as 0.
 */
export function formatTokenAmount(value: MaybeNumber): string {
  if (!isNonNegative(value)) return MISSING;
  if (value === 0) return "0";
  if (value < 1e-8) return `<${smallestStep(8)}`;
  return (value >= 1 ? wholeTokenFormat() : smallTokenFormat()).format(value);
}
