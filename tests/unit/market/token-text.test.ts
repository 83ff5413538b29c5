// Cleaning a token's on-chain name and symbol (lib/market/onchain/token-text.ts): examples for each
// rule, then properties over arbitrary strings (fast-check), hostile characters mixed in.
import fc from "fast-check";
import {
  cleanTokenName,
  cleanTokenSymbol,
  cleanTokenText,
  escapeHiddenCharacters,
  hasHiddenCharacters,
  MAX_TOKEN_NAME_LENGTH,
  MAX_TOKEN_SYMBOL_LENGTH,
} from "@/lib/market/onchain/token-text";

/** The characters the brief names, and a few more of the same kinds. */
const BIDI_AND_FORMAT = ["\u061C", "\u200B", "\u200C", "\u200D", "\u200E", "\u200F", "\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069", "\uFEFF", "\u2060", "\u00AD", "\u{E0041}"];
const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const C1 = Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i));
const SPACES = [" ", "\u00A0", "\u2003", "\u3000", "\u2028", "\u2029", "\u1680"];
const codePoints = (text: string) => Array.from(text).length;

describe("examples", () => {
  test.each([
    ["plain text is kept", "Doggo Inu", "Doggo Inu"],
    ["spaces around are trimmed, runs collapse", "  Doggo   Inu  ", "Doggo Inu"],
    ["newlines and tabs become one space", "Doggo\n\tInu\r\n", "Doggo Inu"],
    ["a right-to-left override is removed", "Evil\u202Egnp.exe", "Evilgnp.exe"],
    ["isolates and marks are removed", "\u2066A\u2069\u200EB\u200F\u061C", "AB"],
    ["zero-width characters are removed", "Do\u200Bgg\u200Co\u200D Inu\uFEFF", "Doggo Inu"],
    ["NUL and other C0 controls are removed", "Dog\u0000go\u0007\u001B[31m", "Doggo[31m"],
    ["C1 controls are removed; NEL (U+0085) is a line break", "Dog\u0080\u009Fgo\u0085Inu", "Doggo Inu"],
    ["other Unicode spaces become a plain space", "Doggo\u00A0\u3000Inu", "Doggo Inu"],
    ["invisible tag characters are removed", "Doggo\u{E0049}\u{E004E}", "Doggo"],
    ["letters of any script and emoji stay", "Pépé 🐸 ペペ", "Pépé 🐸 ペペ"],
    ["only invisible characters leave nothing", "\u200B\u202E \n\t\uFEFF", ""],
  ])("%s", (_name, raw, cleaned) => {
    expect(cleanTokenName(raw)).toBe(cleaned);
  });

  test("names are cut to 64 characters, symbols to 16, then trimmed", () => {
    expect(cleanTokenName("N".repeat(100))).toBe("N".repeat(64));
    expect(cleanTokenSymbol("S".repeat(17))).toBe("S".repeat(16));
    expect(cleanTokenSymbol(`${"S".repeat(15)} X`)).toBe("S".repeat(15));
  });

  test("a cut never splits an emoji's surrogate pair", () => {
    const cleaned = cleanTokenSymbol("🐸".repeat(20));
    expect(cleaned).toBe("🐸".repeat(16));
    expect(cleaned.isWellFormed()).toBe(true);
  });

  test("the brief's hostile name: bidi override, newline and 100 characters more", () => {
    const raw = `Evil\u202Egnp.exe\nCoin${"x".repeat(100)}`;
    const cleaned = cleanTokenName(raw);
    expect(cleaned).toBe(`Evilgnp.exe Coin${"x".repeat(48)}`);
    expect(codePoints(cleaned)).toBe(64);
  });

  test("the raw text is shown with hidden characters written out, and bounded", () => {
    expect(escapeHiddenCharacters("Evil\u202Egnp.exe\nCoin\t\u0000\u00A0x")).toBe("Evil\\u{202E}gnp.exe\\nCoin\\t\\u{0000}\\u{00A0}x");
    expect(escapeHiddenCharacters("\u{E0041}")).toBe("\\u{E0041}");
    expect(escapeHiddenCharacters("a".repeat(300))).toBe(`${"a".repeat(256)}…`);
    expect(escapeHiddenCharacters("Pépé 🐸")).toBe("Pépé 🐸");
  });
});

describe("properties", () => {
  // Arbitrary text with the hostile characters mixed in generously.
  const hostile = fc.constantFrom(...BIDI_AND_FORMAT, ...C0, ...C1, ...SPACES);
  const text = fc
    .array(fc.oneof({ weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 4 }) }, { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 3 }) }, { weight: 2, arbitrary: hostile }), {
      maxLength: 60,
    })
    .map((parts) => parts.join(""));
  const limit = fc.constantFrom(MAX_TOKEN_NAME_LENGTH, MAX_TOKEN_SYMBOL_LENGTH, 1, 5);

  test("the result is at most the limit, in code points", () => {
    fc.assert(fc.property(text, limit, (raw, max) => codePoints(cleanTokenText(raw, max)) <= max));
  });

  test("no control, format, direction or lone-surrogate character survives, and no whitespace but single inner spaces", () => {
    fc.assert(
      fc.property(text, limit, (raw, max) => {
        const cleaned = cleanTokenText(raw, max);
        expect(cleaned).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}]/u);
        expect(hasHiddenCharacters(cleaned)).toBe(false);
        expect(cleaned).not.toMatch(/^ | $| {2}/);
        expect(cleaned.isWellFormed()).toBe(true);
      }),
    );
  });

  test("cleaning twice changes nothing more", () => {
    fc.assert(fc.property(text, limit, (raw, max) => cleanTokenText(cleanTokenText(raw, max), max) === cleanTokenText(raw, max)));
  });

  test("visible characters are kept, in order: the result starts the raw text's visible characters", () => {
    fc.assert(
      fc.property(text, limit, (raw, max) => {
        const visible = (s: string) => s.replace(/[\p{Cc}\p{Cf}\p{Cs}\s\u0085]/gu, "");
        expect(visible(raw).startsWith(visible(cleanTokenText(raw, max)))).toBe(true);
      }),
    );
  });

  test("text that is already clean and short enough is returned as it is", () => {
    const word = fc.string({ unit: fc.constantFrom(..."abcXYZ019éü漢🐸-.$"), minLength: 1, maxLength: 6 });
    const clean = fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(" "));
    fc.assert(fc.property(clean, (raw) => codePoints(raw) > MAX_TOKEN_NAME_LENGTH || cleanTokenName(raw) === raw));
  });

  test("the escaped raw text never holds a character that cleaning removes", () => {
    fc.assert(fc.property(text, (raw) => !hasHiddenCharacters(escapeHiddenCharacters(raw))));
  });
});
