// What a visitor types as an amount held ("1,500,000", "1.5m") or a market cap ("$100B"): digits
// with en-US thousands separators, a decimal point and the k/m/b/t suffixes the site prints
// (lib/shared/format.ts). Pure: the fields, the page addresses (?hold=, ?mcap=) and the tests share it.

/** The field's text as a number, or why it is not one. Empty text is no number, not an error. */
export type TypedNumber = { kind: "empty" } | { kind: "ok"; value: number; /** For an address: "1500000", "1.5m". */ text: string } | { kind: "invalid"; reason: string };

export type TypedNumberRules = {
  /** "$100B" is a market cap; an amount of tokens has no currency sign. */
  dollarSign: boolean;
  /** Anything above is a typo, not a figure; said in the reason. */
  max: number;
  /** Names the thing in reasons: "amount", "market cap". */
  noun: string;
  /** One example for the reasons ("1,500,000 or 1.5m"). */
  example: string;
};

export const AMOUNT_RULES: TypedNumberRules = { dollarSign: false, max: 1e30, noun: "amount", example: "1,500,000 or 1.5m" };
/** $1,000,000T: far beyond every market on Earth, so anything above is a slip of the keyboard. */
export const MARKET_CAP_RULES: TypedNumberRules = { dollarSign: true, max: 1e18, noun: "market cap", example: "100b or 2.5t" };

/** A price in USD ("$0.0021", "0.0021", "1.5k"): an alert's level (lib/alerts/schemas.ts) and its form. */
export const PRICE_RULES: TypedNumberRules = { ...MARKET_CAP_RULES, max: 1e12, noun: "price", example: "0.0021 or $1.50" };

const SUFFIX_DIGITS: Readonly<Record<string, number>> = { k: 3, m: 6, b: 9, t: 12 };

// Whole part either plain digits or grouped by three with commas; then an optional fraction and suffix.
const SHAPE = /^(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d*))?([kmbt])?$/;

export function parseTypedNumber(input: string, rules: TypedNumberRules): TypedNumber {
  let text = input.trim().toLowerCase().replace(/\s+/g, "");
  if (text === "") return { kind: "empty" };
  if (rules.dollarSign && text.startsWith("$")) text = text.slice(1);
  const shape = SHAPE.exec(text);
  // "12." is 12 (the point is half typed), but a lone point or suffix holds no number.
  if (!shape || !/\d/.test(text)) return { kind: "invalid", reason: shapeReason(text, rules) };
  const whole = (shape[1] ?? "0").replace(/,/g, "");
  const fraction = shape[2] ?? "";
  const suffix = shape[3] ?? "";
  const value = Number(shiftPoint(whole, fraction, SUFFIX_DIGITS[suffix] ?? 0));
  if (!(value > 0)) return { kind: "invalid", reason: `Enter ${article(rules.noun)} ${rules.noun} above 0.` };
  if (value > rules.max) return { kind: "invalid", reason: `That ${rules.noun} is too large.` };
  return { kind: "ok", value, text: `${whole}${fraction ? `.${fraction}` : ""}${suffix}` };
}

/** "1.25" shifted by a suffix's digits as decimal text ("1250"), so 1.1k is 1100, not 1100.0000000000002. */
function shiftPoint(whole: string, fraction: string, digits: number): string {
  const moved = fraction.padEnd(digits, "0");
  return `${whole}${moved.slice(0, digits)}.${moved.slice(digits) || "0"}`;
}

function shapeReason(text: string, rules: TypedNumberRules): string {
  if (/^\d+(?:,\d+)+(?:\.\d+)?[kmbt]?$/.test(text)) return `Group thousands with commas in threes (1,500,000) and use a point for decimals.`;
  if (text.startsWith("-")) return `Enter ${article(rules.noun)} ${rules.noun} above 0.`;
  if (!rules.dollarSign && text.startsWith("$")) return `Enter a number of tokens, like ${rules.example}.`;
  return `Enter ${article(rules.noun)} ${rules.noun} like ${rules.example}.`;
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? "an" : "a");
