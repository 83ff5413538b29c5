// Text made safe for HTML, in content and in quoted attribute values alike: the embeddable cards
// and their snippets print coin names and symbols, which come from listings (anyone's words).
// (The bot's escapeHtml, lib/bot/, is Telegram's subset: text only, quotes left as typed.) Pure.

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}
