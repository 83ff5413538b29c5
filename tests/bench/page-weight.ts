// What a page's HTML carries besides its content (issue 41): the stylesheet, counted wherever it
// is sent (an inline <style>, a linked file, text rows of the RSC payload), and the inline RSC
// payload (the `self.__next_f.push(...)` scripts).
import { gzipSync } from "node:zlib";

export type PageWeight = {
  page: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  /** Copies of the site's stylesheet the page sends (its first rule, `@layer properties`, counted). */
  stylesheetCopies: number;
  /** Bytes of stylesheet: inline <style> elements, linked CSS files, and CSS text in the payload. */
  stylesheetBytes: number;
  /** The inline `self.__next_f.push` scripts. */
  inlinePayloadBytes: number;
};

const STYLESHEET_MARK = "@layer properties";

const count = (text: string, needle: string) => text.split(needle).length - 1;

export async function pageWeight(baseUrl: string, page: string): Promise<PageWeight> {
  const html = await (await fetch(`${baseUrl}${page}`)).text();
  const inlineStyles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  const linked = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1]).filter((href): href is string => Boolean(href));
  const files = await Promise.all([...new Set(linked)].map(async (href) => (await fetch(new URL(href, baseUrl))).text()));
  const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter((body) => body.includes("__next_f"));
  // The payload as the browser reassembles it: each push([1, "text"]) appends a piece, and a row
  // may span pieces. A text row is `<id>:T<hex byte length>,<text>`; a stylesheet row starts with the mark.
  const payload = scripts
    .map((body) => /\.push\((\[1,[\s\S]*\])\)$/.exec(body.trim())?.[1])
    .filter((json): json is string => Boolean(json))
    .map((json) => (JSON.parse(json) as [number, string])[1])
    .join("");
  const payloadCss = [...payload.matchAll(new RegExp(`[0-9a-f]+:T([0-9a-f]+),${STYLESHEET_MARK}`, "g"))].reduce((sum, row) => sum + parseInt(row[1]!, 16), 0);
  const cssTexts = [...inlineStyles, ...files];
  return {
    page,
    htmlBytes: Buffer.byteLength(html),
    htmlGzipBytes: gzipSync(html).length,
    stylesheetCopies: count(html, STYLESHEET_MARK) + files.reduce((sum, file) => sum + count(file, STYLESHEET_MARK), 0),
    stylesheetBytes: cssTexts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) + payloadCss,
    inlinePayloadBytes: scripts.reduce((sum, body) => sum + Buffer.byteLength(body), 0),
  };
}
