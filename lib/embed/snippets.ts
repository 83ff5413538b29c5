// What the Embed dialog offers to copy (issue 54): the card's iframe, its image as Markdown linked to
// the page, and the plain link. Pure: the dialog passes the origin the visitor is on (right on a
// preview deployment too), oEmbed its site origin.
import { escapeHtml } from "../shared/escape-html";
import { CARD_SIZES, THEME_PARAM, cardImagePath, cardPagePath, cardSearch, embedPath, type EmbedCard } from "./embed-path";

/** A width the dialog offers: a fixed one in px, or the width of whatever holds the iframe. */
export type CardWidth = 300 | 600 | "full";

/** The card's address with its choices (only the ones this kind reads). */
export function cardUrl(origin: string, card: EmbedCard, search: string): string {
  return `${origin}${embedPath(card)}${cardSearch(card.kind, search)}`;
}

/** The page the card stands for, with the choices it shares with the card (not the theme). */
export function pageUrl(origin: string, card: EmbedCard, search: string): string {
  const params = new URLSearchParams(cardSearch(card.kind, search));
  params.delete(THEME_PARAM);
  const query = params.toString();
  return `${origin}${cardPagePath(card, query ? `?${query}` : "")}`;
}

/**
 * A card's iframe (the Embed dialog's snippet and oEmbed's `html`): nothing that runs, never wider
 * than what holds it, lazy so a long thread loads only the cards it shows. The height is the card's
 * offered one; the card posts its real one for pages that listen (docs/pages.md).
 */
export function iframeHtml({ src, title, width, height }: { src: string; title: string; width: number | "100%"; height: number }): string {
  return `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" style="border:0;max-width:100%" loading="lazy" title="${escapeHtml(title)}"></iframe>`;
}

/** The Embed dialog's iframe at the width chosen. */
export function iframeSnippet(origin: string, card: EmbedCard, search: string, title: string, width: CardWidth = 600): string {
  return iframeHtml({ src: cardUrl(origin, card, search), title, width: width === "full" ? "100%" : width, height: CARD_SIZES[card.kind].height });
}

/** `[![title](card.png)](page)`: the image for places that take no iframes, linked to the page. */
export function imageMarkdown(origin: string, card: EmbedCard, search: string, title: string): string {
  const image = `${origin}${cardImagePath(card)}${cardSearch(card.kind, search)}`;
  // Brackets would end the alt text early; the rest of a title is plain words.
  return `[![${title.replace(/[[\]]/g, "")}](${image})](${pageUrl(origin, card, search)})`;
}
