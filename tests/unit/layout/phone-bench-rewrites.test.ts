// The phone benches' HTML rewrites (tests/bench/html-rewrite-proxy.ts): each takes out exactly its
// part of a page as Next 16 writes it, so an experiment row measures what it says it measures.
// Whether the "hydration" rewrite leaves the page unhydrated in Chromium was checked by hand (0
// elements with a React fiber, no error): docs/testing.md, bench:phone-parts.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { UnitScript } from "@/components/unit/unit-script";
import { SignedInHintScript } from "@/components/wallet/signed-in-hint-script";
import { REWRITES } from "@/tests/bench/html-rewrite-proxy";

// The shape of a page as served (scripts in <head>, the layout's two pre-paint scripts as the
// components write them, Turbopack's runtime entry, the RSC payload's bootstrap and rows).
const UNIT_SCRIPT = renderToStaticMarkup(createElement(UnitScript));
const HINT_SCRIPT = renderToStaticMarkup(createElement(SignedInHintScript));
const RUNTIME = `<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]})</script>`;
const PAYLOAD = [
  `<script>(self.__next_f=self.__next_f||[]).push([0])</script>`,
  `<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n2:I[\\"x\\",[],\\"Page\\"]\\n"])</script>`,
  `<script>self.__next_f.push([1,"3:[\\"$\\",\\"p\\",null,{\\"children\\":\\"a < b\\"}]\\n"])</script>`,
];
const PAGE =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>` +
  `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>` +
  `<script src="/_next/static/chunks/b.js" async=""></script><link rel="expect" href="#page-end" blocking="render"/></head>` +
  `<body>${UNIT_SCRIPT}${HINT_SCRIPT}<main><h1>Compare Market Caps</h1></main><div id="page-end" hidden=""></div>${RUNTIME}` +
  `<script src="/_next/static/chunks/c.js" async=""></script>${PAYLOAD.join("")}</body></html>`;

const scriptsIn = (html: string) => html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];

describe("the phone benches' HTML rewrites", () => {
  it("the layout's pre-paint scripts are bare inline scripts, as the rewrites expect", () => {
    expect(UNIT_SCRIPT).toMatch(/^<script>[\s\S]*document\.cookie[\s\S]*<\/script>$/);
    expect(UNIT_SCRIPT).not.toMatch(/localStorage/);
    expect(HINT_SCRIPT).toMatch(/^<script>[\s\S]*document\.cookie[\s\S]*<\/script>$/);
  });

  it("hydration: takes out the RSC payload's bootstrap and rows, holds its stream open, keeps every other script", () => {
    const out = REWRITES.hydration(PAGE);
    expect(out).not.toContain("__next_f");
    expect(out.startsWith(`<!DOCTYPE html><html lang="en"><head><script>ReadableStreamDefaultController.prototype.close=function(){}</script><meta`)).toBe(true);
    expect(scriptsIn(out).slice(1)).toEqual(scriptsIn(PAGE).filter((script) => !PAYLOAD.includes(script)));
    expect(out).toContain("<h1>Compare Market Caps</h1>");
  });

  it("pre-paint: empties the unit switch's and the signed-in hint's inline scripts (the elements stay, for hydration), nothing else", () => {
    const out = REWRITES["pre-paint"](PAGE);
    expect(out).toBe(PAGE.replace(UNIT_SCRIPT, "<script>0</script>").replace(HINT_SCRIPT, "<script>0</script>"));
  });

  it("scripts: leaves no script and no script preload, and the page's content and stylesheet", () => {
    const out = REWRITES.scripts(PAGE);
    expect(scriptsIn(out)).toEqual([]);
    expect(out).not.toContain('as="script"');
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"');
    expect(out).toContain("<h1>Compare Market Caps</h1>");
  });

  it("expect: takes out the render-blocking expect link only", () => {
    expect(REWRITES.expect(PAGE)).toBe(PAGE.replace(`<link rel="expect" href="#page-end" blocking="render"/>`, ""));
  });
});
