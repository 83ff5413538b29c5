// A token's name and symbol come from its contract, so whoever deployed it chose every character.
// Before they are shown on the site they are cleaned: no control characters (which break lines
// and logs), no invisible or direction-changing characters (which make "Evil\u202Egnp.exe" read
// "Evilexe.png" or hide text between letters), one space between words, and a bounded length.
// Pure and shared: the server cleans, the admin page shows the raw text escaped beside it.

export const MAX_TOKEN_NAME_LENGTH = 64;
export const MAX_TOKEN_SYMBOL_LENGTH = 16;

/**
 * Removed outright: C0 and C1 controls (other than the whitespace ones below), and every Unicode
 * format character (\p{Cf}): among them the Arabic letter mark U+061C, the zero-width characters
 * U+200B–200D, the direction marks U+200E/F, the embeddings and overrides U+202A–202E, the
 * isolates U+2066–2069, the byte-order mark U+FEFF, and the invisible "tag" characters; and
 * lone surrogates (\p{Cs}), which no well-formed text holds.
 */
const REMOVED = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\p{Cf}\p{Cs}]/gu;
/**
 * Whitespace, controls included (tab, line feed, vertical tab, form feed, carriage return, next
 * line U+0085) and every Unicode space or line separator: each run becomes one space, so
 * "Doge\nCoin" reads "Doge Coin", not "DogeCoin".
 */
const WHITESPACE = /[\s\u0085]+/gu;

/** The name or symbol as the site may show it; "" when nothing printable is left. */
export function cleanTokenText(raw: string, maxLength: number): string {
  const collapsed = raw.replace(REMOVED, "").replace(WHITESPACE, " ").trim();
  // Counted in code points, so a cut never splits a surrogate pair (an emoji) in two.
  const codePoints = Array.from(collapsed);
  return codePoints.length <= maxLength ? collapsed : codePoints.slice(0, maxLength).join("").trimEnd();
}

export const cleanTokenName = (raw: string) => cleanTokenText(raw, MAX_TOKEN_NAME_LENGTH);
export const cleanTokenSymbol = (raw: string) => cleanTokenText(raw, MAX_TOKEN_SYMBOL_LENGTH);

/** Whether the text has characters cleanTokenText removes (used by tests and to explain a change). */
export function hasHiddenCharacters(text: string): boolean {
  return new RegExp(REMOVED.source, "u").test(text) || /[^\S ]|\u0085/u.test(text);
}

/**
 * The raw text made safe to display as text: every character that cleaning would remove or turn
 * into a space is written as a visible escape ("\u{202E}", "\n"), so the operator sees what the
 * contract returned without the page being reordered by it. `maxLength` code points at most,
 * then "…".
 */
export function escapeHiddenCharacters(raw: string, maxLength = 256): string {
  const codePoints = Array.from(raw);
  const shown = codePoints.slice(0, maxLength).map((char) => {
    if (char === " ") return char;
    if (char === "\n") return "\\n";
    if (char === "\t") return "\\t";
    if (char === "\r") return "\\r";
    if (hasHiddenCharacters(char)) return `\\u{${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}}`;
    return char;
  });
  return shown.join("") + (codePoints.length > maxLength ? "…" : "");
}
