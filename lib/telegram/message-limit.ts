// Telegram's limit on a message's text, kept where every send goes out (api.server.ts installs
// fitMessageText as a transformer on each Api): a text over it is refused with a 400 ("message is
// too long"), which would lose the answer. The commands keep their own replies short (echoed words
// cut, /alerts shortened); this is the net under them, so no reply a user can provoke is ever over.
// Pure.

/** Telegram's limit on a message's text (sendMessage, editMessageText), in characters. */
export const MAX_MESSAGE_CHARS = 4096;

/** What a cut message ends with. */
const MORE = "…";

/**
 * `text` cut to at most MAX_MESSAGE_CHARS UTF-16 units (Telegram counts the text after parsing
 * its HTML, which is never longer than the HTML, so the raw length is the safe bound). It keeps
 * whole lines and adds a line "…"; a first line too long on its own is cut within, its tags
 * dropped (HTML) so what is left still parses, never inside an entity or a surrogate pair.
 */
export function fitMessageText(text: string, html: boolean): string {
  if (text.length <= MAX_MESSAGE_CHARS) return text;
  const lines = text.split("\n");
  let kept = "";
  for (const line of lines) {
    const next = kept ? `${kept}\n${line}` : line;
    if (next.length + 1 + MORE.length > MAX_MESSAGE_CHARS) break;
    kept = next;
  }
  // Every reply closes its tags on the line that opens them; a text that does not is made plain.
  if (kept && (!html || tagsBalance(kept))) return `${kept}\n${MORE}`;
  const plain = html ? (kept || lines[0]!).replace(/<[^>]*>/g, "") : kept || lines[0]!;
  return `${cutWithin(plain, MAX_MESSAGE_CHARS - MORE.length, html)}${MORE}`;
}

/** The first `max` units of `text`, backed off so no surrogate pair (nor, in HTML, no `&…;` entity) is split. */
function cutWithin(text: string, max: number, html: boolean): string {
  let end = Math.min(max, text.length);
  if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
  let cut = text.slice(0, end);
  if (html) cut = cut.replace(/&[a-z#0-9]*$/i, "");
  return cut;
}

/** Whether every tag opened in `html` is closed, in order (replies use Telegram's few plain tags). */
function tagsBalance(html: string): boolean {
  const open: string[] = [];
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-z-]+)[^>]*>/gi)) {
    if (!closing) open.push(name!.toLowerCase());
    else if (open.pop() !== name!.toLowerCase()) return false;
  }
  return open.length === 0;
}
