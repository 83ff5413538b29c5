// A page of its own for server markup whose inline scripts do the work (the unit switch; issue 53):
// the markup React renders on the server, loaded into a fresh JSDOM document that runs its scripts
// as a browser does, so each test starts with no listeners and no cookies from another.
import { JSDOM } from "jsdom";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export type ScriptPage = JSDOM["window"] & { storageCalls: number };

/**
 * `cookies`: the cookies the browser holds before the page is parsed (what an earlier visit left);
 * `blocked`: a browser that refuses cookies (reading or writing `document.cookie` throws). Local
 * storage counts its calls in `storageCalls` (the page's load should open only the cookie store).
 * Resolves once the page is parsed.
 */
export async function loadScriptPage(markup: ReactElement, { cookies = {}, blocked = false }: { cookies?: Record<string, string>; blocked?: boolean } = {}): Promise<ScriptPage> {
  let storageCalls = 0;
  const dom = new JSDOM(`<!doctype html><html><body>${renderToStaticMarkup(markup)}</body></html>`, {
    url: "http://127.0.0.1/",
    runScripts: "dangerously",
    // visibilityState "visible", as a tab being looked at (JSDOM says "prerender" otherwise).
    pretendToBeVisual: true,
    beforeParse(window) {
      for (const [name, value] of Object.entries(cookies)) window.document.cookie = `${name}=${value}; path=/`;
      for (const method of ["getItem", "setItem", "removeItem"] as const) {
        const original = window.Storage.prototype[method];
        window.Storage.prototype[method] = function (this: Storage, ...args: unknown[]) {
          storageCalls++;
          return (original as (...a: unknown[]) => unknown).apply(this, args);
        } as never;
      }
      if (blocked) blockCookies(window);
    },
  });
  const { document } = dom.window;
  if (document.readyState === "loading") await new Promise((parsed) => document.addEventListener("DOMContentLoaded", parsed));
  return Object.defineProperty(dom.window, "storageCalls", { get: () => storageCalls }) as ScriptPage;
}

function blockCookies(window: JSDOM["window"]): void {
  const blocked = () => {
    throw new window.DOMException("The operation is insecure.", "SecurityError");
  };
  Object.defineProperty(window.Document.prototype, "cookie", { get: blocked, set: blocked, configurable: true });
}
